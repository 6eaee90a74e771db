/**
 * Fixed-window attempt counter: `max` attempts per key per window. In memory per process by
 * default; shared by every process over Redis when REDIS_URL is set (redis-attempt-limiter.ts).
 */
export interface AttemptLimiter {
  /** Counts one attempt for `key`; false when the key is over its limit for this window. */
  tryAttempt(key: string): Promise<boolean>;
}

/**
 * The in-memory counter. Windows are dropped once expired so memory stays bounded by the number
 * of keys active within one window. `now` is for tests.
 */
export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const clock = options.now ?? Date.now;
  let nextSweep = 0;

  function sweep(now: number) {
    if (now < nextSweep) return;
    nextSweep = now + options.windowMs;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    async tryAttempt(key) {
      const now = clock();
      sweep(now);
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + options.windowMs });
        return true;
      }
      current.count += 1;
      return current.count <= options.max;
    },
  };
}
