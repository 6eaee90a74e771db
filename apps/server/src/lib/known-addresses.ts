/**
 * Which client addresses signed in to which account recently, in memory like the attempt
 * limiters. A known address is exempt from the account-wide sign-in limit, so strangers guessing
 * a password cannot lock the owner out of the places they sign in from.
 */
export interface KnownAddresses {
  remember(account: string, address: string, now?: number): void;
  isKnown(account: string, address: string, now?: number): boolean;
}

export function createKnownAddresses(options: {
  ttlMs: number;
  /** Only the newest this many addresses of an account are kept. */
  maxPerAccount: number;
}): KnownAddresses {
  const byAccount = new Map<string, Map<string, number>>();
  return {
    remember(account, address, now = Date.now()) {
      const addresses = byAccount.get(account) ?? new Map<string, number>();
      addresses.delete(address);
      addresses.set(address, now + options.ttlMs);
      // Maps iterate in insertion order: the first entries are the oldest.
      for (const [oldest] of addresses) {
        if (addresses.size <= options.maxPerAccount) break;
        addresses.delete(oldest);
      }
      byAccount.set(account, addresses);
    },
    isKnown(account, address, now = Date.now()) {
      const expiresAt = byAccount.get(account)?.get(address);
      return expiresAt !== undefined && expiresAt > now;
    },
  };
}
