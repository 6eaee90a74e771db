/**
 * Fixed-window hit counter: the one primitive every limit we own is built on (sign-in attempts,
 * better-auth's endpoint limits, and @fastify/rate-limit's store when shared). The memory one
 * serves a single process; the Redis one (redis-window-counter.ts) serves all of them.
 */
export interface WindowCounter {
  /** Counts one hit for `key`: the hits in its current window, this one included. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/**
 * In memory. Expired windows are swept once per minute (or per window when shorter) so memory
 * stays bounded by the keys active within one window.
 */
export function createMemoryWindowCounter(options: { now?: () => number } = {}): WindowCounter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  function sweep(at: number, windowMs: number) {
    if (at < nextSweep) return;
    nextSweep = at + Math.min(windowMs, 60_000);
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    hit(key, windowMs) {
      const at = now();
      sweep(at, windowMs);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return Promise.resolve({ count: window.count, resetInMs: window.resetAt - at });
    },
  };
}
