/**
 * Which client addresses signed in to which account recently. A known address is exempt from the
 * account-wide sign-in limit, so strangers guessing a password cannot lock the owner out of the
 * places they sign in from. In memory here; shared by every process in redis-known-addresses.ts.
 */
export interface KnownAddresses {
  remember(account: string, address: string): Promise<void>;
  isKnown(account: string, address: string): Promise<boolean>;
}

export interface KnownAddressesOptions {
  ttlMs: number;
  /** Only the newest this many addresses of an account are kept. */
  maxPerAccount: number;
}

export function createKnownAddresses(
  options: KnownAddressesOptions & { now?: () => number },
): KnownAddresses {
  const now = options.now ?? Date.now;
  const byAccount = new Map<string, Map<string, number>>();
  return {
    remember(account, address) {
      const addresses = byAccount.get(account) ?? new Map<string, number>();
      addresses.delete(address);
      addresses.set(address, now() + options.ttlMs);
      // Maps iterate in insertion order: the first entries are the oldest.
      for (const [oldest] of addresses) {
        if (addresses.size <= options.maxPerAccount) break;
        addresses.delete(oldest);
      }
      byAccount.set(account, addresses);
      return Promise.resolve();
    },
    isKnown(account, address) {
      const expiresAt = byAccount.get(account)?.get(address);
      return Promise.resolve(expiresAt !== undefined && expiresAt > now());
    },
  };
}
