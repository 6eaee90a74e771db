export interface NotifiedCache<T, A extends unknown[] = []> {
  /**
   * The cached value, loaded again (with `args`, e.g. the caller's transaction) when forgotten or
   * older than the TTL.
   */
  read(...args: A): Promise<T>;
  /** The value changed (NOTIFY or this process's own change): the next read asks again. */
  forget(): void;
}

/**
 * One copy of a rarely changed value per process (decision 058), so the hot path costs no query
 * for it. Every change NOTIFYs all processes, which forget their copy at once (listenWhileOpen);
 * the TTL bounds a lost notification.
 */
export function createNotifiedCache<T, A extends unknown[] = []>(options: {
  load: (...args: A) => Promise<T>;
  ttlMs: number;
  now?: () => number;
}): NotifiedCache<T, A> {
  const now = options.now ?? (() => performance.now());
  let cached: { value: Promise<T>; at: number } | undefined;
  return {
    read(...args) {
      if (cached && now() - cached.at < options.ttlMs) return cached.value;
      const value = options.load(...args);
      cached = { value, at: now() };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
      return value;
    },
    forget() {
      // A read in flight is dropped with it: it may have started before the change.
      cached = undefined;
    },
  };
}
