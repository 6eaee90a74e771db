/**
 * Fixed-window attempt counter, in memory (ARCHITECTURE.md: rate limits are in-memory until
 * scale-out brings a shared store). Windows are dropped once expired so memory stays bounded by
 * the number of keys active within one window.
 */
export interface AttemptLimiter {
  /** Counts one attempt for `key`; false when the key is over its limit for this window. */
  tryAttempt(key: string, now?: number): boolean;
}

export function createAttemptLimiter(options: { max: number; windowMs: number }): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  function sweep(now: number) {
    if (now < nextSweep) return;
    nextSweep = now + options.windowMs;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    tryAttempt(key, now = Date.now()) {
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
