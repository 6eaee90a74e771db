import type { BetterAuthRateLimitOptions } from 'better-auth';
import type { WindowCounter } from '../../lib/window-counter';

type RateLimitStorage = NonNullable<BetterAuthRateLimitOptions['customStorage']>;

/**
 * better-auth's endpoint limits (sign-up, password-reset and verification mails, …) on our
 * counter, so they are shared by every API process like the others. Fixed windows: a refused
 * request still counts, and the window frees up when its key expires.
 */
export function counterRateLimitStorage(counter: WindowCounter): RateLimitStorage {
  return {
    async consume(key, rule) {
      const { count, resetInMs } = await counter.hit(`auth:${key}`, rule.window * 1000);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) };
    },
  };
}
