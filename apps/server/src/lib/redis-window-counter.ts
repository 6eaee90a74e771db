import { createClient } from 'redis';
import type { Logger } from './create-logger';
import type { WindowCounter } from './window-counter';

/** A limit check must not hold a request up for long when Redis hangs: it falls back instead. */
export const LIMITS_REDIS_TIMEOUT_MS = 500;

/**
 * `promise`, or a rejection after LIMITS_REDIS_TIMEOUT_MS. node-redis's own command timeout only
 * covers commands not yet written; a server that stops answering would hold the request forever.
 */
export function withinLimitsTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error('Redis did not answer in time')),
      LIMITS_REDIS_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A client for limit checks: refused at once while reconnecting, so an outage falls back. */
export function createLimitsRedisClient(url: string) {
  const client = createClient({ url, disableOfflineQueue: true });
  // Without a listener an 'error' event would end the process; the counter reports outages.
  client.on('error', () => undefined);
  return client;
}

export type LimitsRedisClient = ReturnType<typeof createLimitsRedisClient>;

/**
 * One round trip, atomic: the first hit of a window (or a key somehow left without expiry) starts
 * the window's expiry. Plain EVAL rather than PEXPIRE … NX, which needs Redis 7.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/**
 * Counts in Redis, so every process sharing it shares each budget. While Redis cannot answer, hits
 * go to `fallback` (this process's memory: per-process limits, never none) and one warning is
 * logged; the first answer after that logs the recovery (decision 023).
 */
export function createRedisWindowCounter(options: {
  client: LimitsRedisClient;
  /** Namespaces the keys in a Redis shared with other uses. */
  prefix: string;
  fallback: WindowCounter;
  logger: Logger;
}): WindowCounter {
  const { client, logger } = options;
  let degraded = false;
  return {
    async hit(key, windowMs) {
      let reply: unknown;
      try {
        reply = await withinLimitsTimeout(
          client.eval(HIT_SCRIPT, { keys: [options.prefix + key], arguments: [String(windowMs)] }),
        );
      } catch (error) {
        if (!degraded) {
          degraded = true;
          logger.warn({ err: error }, 'rate limits: Redis unavailable, counting per process');
        }
        return options.fallback.hit(key, windowMs);
      }
      if (degraded) {
        degraded = false;
        logger.info('rate limits: Redis answers again, counting shared');
      }
      const [count, ttl] = reply as [number, number];
      return { count, resetInMs: ttl };
    },
  };
}
