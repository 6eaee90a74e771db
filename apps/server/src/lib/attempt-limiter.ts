import type { WindowCounter } from './window-counter';

/** A fixed number of attempts per key and window (sign-in throttles), on a shared counter. */
export interface AttemptLimiter {
  /** Counts one attempt for `key`; false when the key is over its limit for this window. */
  tryAttempt(key: string): Promise<boolean>;
}

export function createAttemptLimiter(options: {
  /** Keeps this limiter's keys apart from the other users of `counter`. */
  name: string;
  max: number;
  windowMs: number;
  counter: WindowCounter;
}): AttemptLimiter {
  return {
    async tryAttempt(key) {
      const { count } = await options.counter.hit(`${options.name}:${key}`, options.windowMs);
      return count <= options.max;
    },
  };
}
