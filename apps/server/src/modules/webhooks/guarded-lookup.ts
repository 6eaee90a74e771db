import { lookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedAddressReason } from './blocked-addresses';

/**
 * A DNS lookup for the socket of a delivery that refuses a name resolving to any address a
 * webhook may not reach. The socket connects to the address checked here, never to a second
 * resolution of the name, so a name cannot pass the check and then point elsewhere.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses
      .map(({ address }) => blockedAddressReason(address))
      .find((reason) => reason !== undefined);
    if (blocked || addresses.length === 0) {
      const refusal = new Error(`address refused: ${hostname} resolves to ${blocked ?? 'nothing'}`);
      return callback(refusal, '', 0);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
};
