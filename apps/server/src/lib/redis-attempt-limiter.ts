import type { Redis } from 'ioredis';
import type { AttemptLimiter } from './attempt-limiter';
import type { Logger } from './create-logger';

/** One round trip: count the attempt, and start the window's expiry on its first attempt. */
const COUNT_ATTEMPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * The attempt counter shared by every process through Redis (the same fixed window as the
 * in-memory one). When Redis cannot answer, the attempt is counted by `fallback` (this process's
 * own counter) instead: the limit holds per process rather than not at all (decision 023).
 */
export function createRedisAttemptLimiter(options: {
  redis: Redis;
  /** Keeps the counters of different limits apart. */
  name: string;
  max: number;
  windowMs: number;
  fallback: AttemptLimiter;
  logger: Logger;
}): AttemptLimiter {
  const { redis, name, max, windowMs, fallback, logger } = options;
  return {
    async tryAttempt(key) {
      try {
        const count = Number(
          await redis.eval(COUNT_ATTEMPT, 1, `nocturne:attempts:${name}:${key}`, windowMs),
        );
        return count <= max;
      } catch (error) {
        logger.warn({ err: error, limit: name }, 'shared rate limit unavailable: counted locally');
        return fallback.tryAttempt(key);
      }
    },
  };
}
