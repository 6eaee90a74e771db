import { createHmac } from 'node:crypto';
import type { PaymentsEnv } from '../../env';
import { loadOrCreateSecret } from '../../lib/load-or-create-secret';

/** Where the built-in simulator answers, under the server's own origin. */
export const SIMULATOR_PREFIX = '/simulator/nowpayments';

/** The IPN endpoint NOWPayments (or the simulator) posts to. */
export const IPN_PATH = '/api/v1/payments/nowpayments/ipn';

export interface PaymentsConfig {
  /** True when no NOWPAYMENTS_API_KEY is set: the simulator serves the provider's API. */
  simulated: boolean;
  apiUrl: string;
  apiKey: string;
  ipnSecret: string;
  /** The server's public origin: IPN callback, success and cancel URLs are built on it. */
  publicUrl: string;
  monthlyPriceUsd: number;
  lifetimePriceUsd: number;
  creditPackages: PaymentsEnv['creditPackages'];
  supportEmail: string;
  reconcileIntervalMs: number;
  /** How long an IPN delivery stays in the audit table (IPN_AUDIT_RETENTION_DAYS). */
  ipnAuditRetentionDays: number;
}

/**
 * The simulator's API key: derived from the IPN secret, so every process on the same secret
 * agrees on it and nobody without the secret can call the simulator's API (as the provider
 * refuses a wrong key).
 */
export function simulatorApiKey(ipnSecret: string): string {
  return createHmac('sha256', ipnSecret).update('nocturne payment simulator api key').digest('hex');
}

/**
 * The payments settings of this process. Without an API key the simulator stands in, at
 * PUBLIC_URL/simulator/nowpayments/v1, signing IPNs with a secret kept in
 * DATA_DIR/nowpayments-ipn-secret (every process on the same DATA_DIR agrees on it).
 */
export async function loadPaymentsConfig(options: {
  payments: PaymentsEnv;
  publicUrl: string;
  dataDir: string;
}): Promise<PaymentsConfig> {
  const { payments, publicUrl } = options;
  const simulated = payments.apiKey === undefined;
  const ipnSecret = await loadOrCreateSecret({
    configured: payments.ipnSecret,
    dataDir: options.dataDir,
    fileName: 'nowpayments-ipn-secret',
  });
  return {
    simulated,
    apiUrl: simulated ? `${publicUrl}${SIMULATOR_PREFIX}/v1` : payments.apiUrl,
    apiKey: payments.apiKey ?? simulatorApiKey(ipnSecret),
    ipnSecret,
    publicUrl,
    monthlyPriceUsd: payments.monthlyPriceUsd,
    lifetimePriceUsd: payments.lifetimePriceUsd,
    creditPackages: payments.creditPackages,
    supportEmail: payments.supportEmail,
    reconcileIntervalMs: payments.reconcileIntervalMs,
    ipnAuditRetentionDays: payments.ipnAuditRetentionDays,
  };
}
