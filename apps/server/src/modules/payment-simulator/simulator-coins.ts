import { createHash } from 'node:crypto';

/**
 * The coins the simulator's invoice page offers, with made-up USD rates: enough to show a
 * plausible amount to send. No rate here is real and nothing is ever sent.
 */
export const SIMULATOR_COINS = [
  { code: 'btc', name: 'Bitcoin', usdRate: 65_000, decimals: 8 },
  { code: 'eth', name: 'Ethereum', usdRate: 3_200, decimals: 6 },
  { code: 'xrp', name: 'XRP', usdRate: 0.55, decimals: 2 },
  { code: 'usdttrc20', name: 'Tether USDT (TRC20)', usdRate: 1, decimals: 2 },
  { code: 'ltc', name: 'Litecoin', usdRate: 80, decimals: 6 },
  { code: 'sol', name: 'Solana', usdRate: 150, decimals: 5 },
  { code: 'doge', name: 'Dogecoin', usdRate: 0.12, decimals: 2 },
] as const;
export type SimulatorCoin = (typeof SIMULATOR_COINS)[number];
export type SimulatorCoinCode = SimulatorCoin['code'];

export const SIMULATOR_COIN_CODES = SIMULATOR_COINS.map((coin) => coin.code) as [
  SimulatorCoinCode,
  ...SimulatorCoinCode[],
];

export const DEFAULT_SIMULATOR_COIN: SimulatorCoinCode = 'btc';

export function findSimulatorCoin(code: string | null | undefined): SimulatorCoin | undefined {
  return SIMULATOR_COINS.find((coin) => coin.code === code?.toLowerCase());
}

/** What `priceUsd` comes to in the coin, rounded up so the amount never falls short. */
export function coinAmount(priceUsd: number, coin: SimulatorCoin): number {
  const factor = 10 ** coin.decimals;
  return Math.ceil((priceUsd / coin.usdRate) * factor) / factor;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A made-up deposit address of the coin's usual shape, the same for an invoice every time. */
export function coinAddress(invoiceId: number, coin: SimulatorCoin): string {
  const digest = createHash('sha256').update(`${invoiceId}:${coin.code}`).digest();
  const hex = digest.toString('hex');
  const base58 = (length: number) =>
    Array.from(digest.subarray(0, length), (byte) => BASE58[byte % BASE58.length]).join('');
  switch (coin.code) {
    case 'btc':
      return `bc1q${hex.slice(0, 38)}`;
    case 'eth':
      return `0x${hex.slice(0, 40)}`;
    case 'xrp':
      return `r${base58(32)}`;
    case 'usdttrc20':
      return `T${base58(32)}`;
    case 'ltc':
      return `ltc1q${hex.slice(0, 38)}`;
    case 'sol':
      return base58(32) + base58(12);
    case 'doge':
      return `D${base58(32)}`;
  }
}
