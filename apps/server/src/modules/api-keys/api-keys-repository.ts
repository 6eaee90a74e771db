import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { toExportRecord } from '../../db/to-export-record';
import { people } from '../auth/people-repository';
import { generationHoldsView } from '../moderation/generation-holds-view';
import { apiKeys } from './api-keys-tables';
import type { ApiKeyRow } from './api-key-row';

/** How often a key's `last_used_at` is written at most: a busy key costs one write a minute. */
export const LAST_USED_PRECISION_MS = 60_000;

/** The person's keys, newest first. */
export function findApiKeysOf(db: DbHandle, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Deletes one of the person's keys; the deleted row, or undefined when they have none such. */
export async function deleteApiKeyOf(
  db: DbHandle,
  userId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  const [deleted] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  return deleted;
}

/** The person's keys in their export, oldest first: their metadata, never the hash. */
export async function exportApiKeysOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((row) => toExportRecord(apiKeys, row, ['keyHash']));
}

export interface ApiKeyHolder {
  id: string;
  userId: string;
  email: string;
  scopes: string[];
  lastUsedAt: Date | null;
  /** An operator's hold on the person's generation: their keys stop while it lasts. */
  suspended: boolean;
}

/**
 * Prepared once per database: asked on every request a key makes. The join with the person makes
 * a deleted person's key unknown (the rows go with the account anyway), and the hold's join makes
 * a suspension refuse the key in the same statement.
 */
const keyByHash = preparedPerDatabase((db) =>
  db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      email: people.email,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      suspended: sql<boolean>`coalesce(${generationHoldsView.suspended}, false)`,
    })
    .from(apiKeys)
    .innerJoin(people, eq(people.id, apiKeys.userId))
    .leftJoin(generationHoldsView, eq(generationHoldsView.userId, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('api_key_by_hash'),
);

/** The key whose hash this is, with its person's state; undefined when there is none. */
export async function findApiKeyHolder(
  db: DbHandle,
  keyHash: string,
): Promise<ApiKeyHolder | undefined> {
  const [row] = await keyByHash(db).execute({ keyHash });
  return row;
}

/** Records a use, unless one was recorded within LAST_USED_PRECISION_MS (another process's). */
export async function touchApiKey(db: DbHandle, id: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, stale))));
}
