export interface PositiveAnswerCacheOptions<Key> {
  /** The question asked of the database; only a `true` answer is remembered. */
  lookup: (key: Key) => Promise<boolean>;
  /** How long a `true` is trusted: the bound on a lost notification to forget it. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export interface PositiveAnswerCache<Key> {
  /** The remembered `true`, or the lookup's answer (remembered when true). */
  holds(key: Key): Promise<boolean>;
  /** What made the answer true has changed: the next `holds` asks again. */
  forget(key: Key): void;
}

/**
 * Remembers for `ttlMs` the keys a lookup answered `true` for, so a fact that rarely stops
 * holding (an account exists, a person has no recent refused prompt) does not cost a database
 * round trip on every request. Whatever changes the fact calls `forget`, in every process (a
 * NOTIFY the others listen to); the TTL bounds the damage of a lost notification. A `false` is
 * never remembered: it is asked again every time.
 */
export function createPositiveAnswerCache<Key>(
  options: PositiveAnswerCacheOptions<Key>,
): PositiveAnswerCache<Key> {
  const now = options.now ?? (() => performance.now());
  const confirmedAt = new Map<Key, number>();
  // When each key was last forgotten: a lookup that started before then must not remember it.
  const forgottenAt = new Map<Key, number>();

  function prune(at: number) {
    for (const [key, time] of forgottenAt) {
      if (at - time > options.ttlMs) forgottenAt.delete(key);
    }
  }

  return {
    async holds(key) {
      const started = now();
      const confirmed = confirmedAt.get(key);
      if (confirmed !== undefined && started - confirmed < options.ttlMs) return true;
      const answer = await options.lookup(key);
      const forgotten = forgottenAt.get(key);
      if (!answer || (forgotten !== undefined && forgotten >= started)) {
        confirmedAt.delete(key);
        return answer;
      }
      // Re-inserted at the end: the Map's order is then oldest-confirmed first, for eviction.
      confirmedAt.delete(key);
      confirmedAt.set(key, started);
      if (confirmedAt.size > options.maxEntries) {
        const oldest = confirmedAt.keys().next().value;
        if (oldest !== undefined) confirmedAt.delete(oldest);
      }
      return answer;
    },
    forget(key) {
      const at = now();
      confirmedAt.delete(key);
      forgottenAt.set(key, at);
      prune(at);
    },
  };
}
