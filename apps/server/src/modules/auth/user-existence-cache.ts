import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import {
  createPositiveAnswerCache,
  type PositiveAnswerCacheOptions,
} from '../../lib/positive-answer-cache';

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
export function createUserExistenceCache(
  options: PositiveAnswerCacheOptions<string>,
): UserExistenceCache {
  const answers = createPositiveAnswerCache(options);
  return { exists: answers.holds, forget: answers.forget };
}
