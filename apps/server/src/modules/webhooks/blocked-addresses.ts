import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not point: this host itself, the networks behind it and the cloud's
 * metadata service (RFC 6890's special ranges a receiver on the internet never has).
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) match the IPv4 ranges.
 */
const RANGES: ReadonlyArray<
  [network: string, prefix: number, family: 'ipv4' | 'ipv6', why: string]
> = [
  ['0.0.0.0', 8, 'ipv4', 'a "this network" address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (CGNAT) address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local or metadata address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['fc00::', 7, 'ipv6', 'a private address (or the metadata address)'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const lists = RANGES.map(([network, prefix, family, why]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, why };
});

/** Why `address` (an IP literal) may not receive webhooks, or undefined when it may. */
export function blockedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return lists.find(({ list }) => list.check(bare, type))?.why;
}
