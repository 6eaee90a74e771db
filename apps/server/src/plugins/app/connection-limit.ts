import { BlockList, isIPv4, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';

/** `::ffff:10.0.0.2` (IPv4 on a dual-stack socket) and `10.0.0.2` are one address. */
function plainAddress(address: string): string {
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIPv4(mapped) ? mapped : address;
}

/**
 * Which peers are the trusted proxies, whose connections carry many clients each: every peer with
 * a hop count (the server only ever talks to its proxy), the listed addresses and ranges with a
 * list, none without a proxy.
 */
export function isTrustedProxy(setting: Env['TRUST_PROXY']): (address: string) => boolean {
  if (setting === false || setting === 0) return () => false;
  if (typeof setting === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of setting) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(bits), type);
  }
  return (address) => proxies.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * Bounds the connections one address holds open at once: the one past `maxPerAddress` is closed
 * as it opens, before a byte is read. Connections from trusted proxies are not counted (behind a
 * proxy every client arrives from its address; the proxy bounds clients itself). 0 turns it off.
 */
export default fp(
  async function connectionLimit(
    app: FastifyInstance,
    options: { maxPerAddress: number; trustProxy: Env['TRUST_PROXY'] },
  ) {
    if (options.maxPerAddress === 0) return;
    const exempt = isTrustedProxy(options.trustProxy);
    const open = new Map<string, number>();
    // Logged once per address while it stays at the limit: a flood must not flood the log.
    const refusing = new Set<string>();
    app.server.on('connection', (socket: Socket) => {
      if (!socket.remoteAddress) return;
      const address = plainAddress(socket.remoteAddress);
      if (exempt(address)) return;
      const count = (open.get(address) ?? 0) + 1;
      if (count > options.maxPerAddress) {
        if (!refusing.has(address)) {
          refusing.add(address);
          app.log.warn(
            { address, open: count - 1 },
            'connections refused: too many from one address',
          );
        }
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        refusing.delete(address);
        const left = (open.get(address) ?? 1) - 1;
        if (left === 0) open.delete(address);
        else open.set(address, left);
      });
    });
  },
  { name: 'connection-limit' },
);
