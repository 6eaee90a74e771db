import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';

/** NOTIFY channel naming a deleted user (payload: the id): every process forgets them at once. */
export const USER_DELETED_CHANNEL = 'user_deleted';

/** Sent inside the deleting transaction, so it is delivered at commit (never for a rollback). */
export async function notifyUserDeleted(tx: DbHandle, userId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${USER_DELETED_CHANNEL}, ${userId})`);
}

export interface UserExistenceCache {
  exists(userId: string): Promise<boolean>;
  /** The user was deleted: the next check asks the database. */
  forget(userId: string): void;
}

/**
 * Remembers for `ttlMs` that a user exists, so a token's "is the account still there" check does
 * not cost a database round trip on every request. A deletion makes every process forget the user
 * at once (the deleting process directly, the others through USER_DELETED_CHANNEL); the TTL bounds
 * the damage of a lost notification. Only existence is cached: a missing user is asked again.
 */
export function createUserExistenceCache(options: {
  lookup: (userId: string) => Promise<boolean>;
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): UserExistenceCache {
  const now = options.now ?? (() => performance.now());
  const confirmedAt = new Map<string, number>();
  // When each user was last forgotten: a lookup that started before then must not re-cache them.
  const forgottenAt = new Map<string, number>();

  function prune(at: number) {
    for (const [userId, time] of forgottenAt) {
      if (at - time > options.ttlMs) forgottenAt.delete(userId);
    }
  }

  return {
    async exists(userId) {
      const started = now();
      const confirmed = confirmedAt.get(userId);
      if (confirmed !== undefined && started - confirmed < options.ttlMs) return true;
      const exists = await options.lookup(userId);
      const forgotten = forgottenAt.get(userId);
      if (!exists || (forgotten !== undefined && forgotten >= started)) {
        confirmedAt.delete(userId);
        return exists;
      }
      // Re-inserted at the end: the Map's order is then oldest-confirmed first, for eviction.
      confirmedAt.delete(userId);
      confirmedAt.set(userId, started);
      if (confirmedAt.size > options.maxEntries) {
        const oldest = confirmedAt.keys().next().value;
        if (oldest !== undefined) confirmedAt.delete(oldest);
      }
      return exists;
    },
    forget(userId) {
      const at = now();
      confirmedAt.delete(userId);
      forgottenAt.set(userId, at);
      prune(at);
    },
  };
}
