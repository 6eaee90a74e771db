import type { Logger } from './create-logger';
import type { KnownAddresses, KnownAddressesOptions } from './known-addresses';
import { withinLimitsTimeout, type LimitsRedisClient } from './redis-window-counter';

/**
 * Known addresses in Redis, so an address that signed in through one process is known to all:
 * one sorted set per account, each address scored by when it stops being known. While Redis
 * cannot answer, `fallback` (this process's memory) stands in, as for the counters.
 */
export function createRedisKnownAddresses(
  options: KnownAddressesOptions & {
    client: LimitsRedisClient;
    prefix: string;
    fallback: KnownAddresses;
    logger: Logger;
  },
): KnownAddresses {
  const { client, fallback, logger } = options;
  const keyOf = (account: string) => `${options.prefix}known:${account}`;
  return {
    async remember(account, address) {
      // Here too, so that during an outage this process still knows what it saw.
      await fallback.remember(account, address);
      const key = keyOf(account);
      const now = Date.now();
      try {
        await withinLimitsTimeout(
          client
            .multi()
            .zAdd(key, { score: now + options.ttlMs, value: address })
            .zRemRangeByScore(key, '-inf', now)
            // Ranks run from the soonest expiry: all but the newest maxPerAccount go.
            .zRemRangeByRank(key, 0, -options.maxPerAccount - 1)
            .pExpire(key, options.ttlMs)
            .exec(),
        );
      } catch (error) {
        logger.warn({ err: error }, 'rate limits: Redis unavailable, address known here only');
      }
    },
    async isKnown(account, address) {
      try {
        const expiresAt = await withinLimitsTimeout(client.zScore(keyOf(account), address));
        return expiresAt !== null && expiresAt > Date.now();
      } catch {
        return fallback.isKnown(account, address);
      }
    },
  };
}
