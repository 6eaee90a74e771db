import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../../db/database';
import { toExportRecord } from '../../../db/to-export-record';
import { favorites, generations } from '../generations-tables';

/**
 * The generations a credit ledger row may name, as the credit history joins them to group a
 * submit's rows and show what it made and the prompts its images got: a read-only view under the
 * table's own name.
 */
export const ledgerGenerations = new QueryBuilder()
  .select({
    id: generations.id,
    requestId: generations.requestId,
    imageIndex: generations.imageIndex,
    contentPrompt: generations.contentPrompt,
    expandedPrompt: generations.expandedPrompt,
    kind: generations.kind,
  })
  .from(generations)
  .as('generations');

const count = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/** The person's generations and favorites counted for their profile, as expressions. */
export function generationCountsOf(userId: AnyPgColumn | SQL) {
  return {
    totalGenerations: count(sql`select count(*) from generations g where g.user_id = ${userId}`),
    completedGenerations: count(
      sql`select count(*) from generations g where g.user_id = ${userId} and g.status = 'completed'`,
    ),
    failedGenerations: count(
      sql`select count(*) from generations g where g.user_id = ${userId} and g.status = 'failed'
          and g.error is distinct from ${CANCELLED_REASON}`,
    ),
    cancelledGenerations: count(
      sql`select count(*) from generations g where g.user_id = ${userId} and g.status = 'failed'
          and g.error = ${CANCELLED_REASON}`,
    ),
    totalFavorites: count(sql`select count(*) from favorites f where f.user_id = ${userId}`),
  };
}

/** One exported row with the stored image that goes beside it (null: none kept). */
export interface ExportedImageRow {
  id: string;
  record: Record<string, unknown>;
  imageKey: string | null;
}

/** The person's generations and favorites in their export, oldest first, with their images. */
export async function exportGenerationsOf(db: DbHandle, userId: string) {
  const generationRows = await db
    .select()
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(asc(generations.createdAt), asc(generations.id));
  const favoriteRows = await db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt), asc(favorites.id));
  return {
    generations: generationRows.map((row): ExportedImageRow => ({
      id: row.id,
      record: toExportRecord(generations, row),
      imageKey: row.resultPath,
    })),
    favorites: favoriteRows.map((row): ExportedImageRow => ({
      id: row.id,
      record: toExportRecord(favorites, row),
      imageKey: row.imagePath,
    })),
  };
}

/** Every stored image of the person: their results still kept, then their favorites' copies. */
export async function storedImageKeysOf(tx: DbHandle, userId: string): Promise<string[]> {
  const results = await tx
    .select({ key: generations.resultPath })
    .from(generations)
    .where(and(eq(generations.userId, userId), isNotNull(generations.resultPath)));
  const saved = await tx
    .select({ key: favorites.imagePath })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return [...results, ...saved].flatMap((row) => (row.key ? [row.key] : []));
}

/** The person's latest generations, newest first (the console's person page). */
export function readRecentGenerations(db: DbHandle, userId: string, limit: number) {
  return db
    .select()
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(limit);
}

/** The person's own favorites among `ids` (someone else's are never found). */
export async function findOwnFavorites(db: DbHandle, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: favorites.id,
      sourcePrompt: favorites.sourcePrompt,
      contentPrompt: favorites.contentPrompt,
      imagePath: favorites.imagePath,
    })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.id, ids)));
}
