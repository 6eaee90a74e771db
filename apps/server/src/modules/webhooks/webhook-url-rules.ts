import { isIP } from 'node:net';
import { blockedAddressReason } from './blocked-addresses';

/**
 * Why `url` may not receive webhooks, from its text alone (the address its name resolves to is
 * checked at each delivery), or undefined when it may. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE)
 * lets a trusted network use plain http and private addresses.
 */
export function webhookUrlProblem(url: URL, allowPrivate: boolean): string | undefined {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return 'it must start with https://';
  }
  if (url.username || url.password) return 'it must not carry a user name or password';
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'it names this server itself';
  if (isIP(host) === 0) return undefined;
  const blocked = blockedAddressReason(host);
  return blocked ? `it names ${blocked}` : undefined;
}
