import { and, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { favorites, generations } from '../generations-tables';
import type { GenerationRow } from '../generation-row';

/**
 * Deletes generation `id` unless a worker is running it; the status is checked in the statement
 * itself, since a worker may have claimed the row after it was read. Undefined when refused.
 */
export async function deleteUnlessRunning(
  tx: DbHandle,
  id: string,
): Promise<GenerationRow | undefined> {
  const [deleted] = await tx
    .delete(generations)
    .where(and(eq(generations.id, id), ne(generations.status, 'processing')))
    .returning();
  return deleted;
}

/** Results past their retention whose generation is not a favorite, at most `limit`. */
export async function findExpiredResults(
  db: DbHandle,
  limit: number,
): Promise<{ id: string; resultPath: string | null }[]> {
  return db
    .select({ id: generations.id, resultPath: generations.resultPath })
    .from(generations)
    .leftJoin(favorites, eq(favorites.generationId, generations.id))
    .where(
      and(
        isNotNull(generations.resultPath),
        lte(generations.resultExpiresAt, sql`now()`),
        isNull(favorites.id),
      ),
    )
    .limit(limit);
}

/**
 * Forgets the result file of generation `id` if it is still `resultPath`; false when another
 * cleanup got there first, so each file is removed by one cleanup only.
 */
export async function clearResultPath(
  db: DbHandle,
  id: string,
  resultPath: string,
): Promise<boolean> {
  const cleared = await db
    .update(generations)
    .set({ resultPath: null })
    .where(and(eq(generations.id, id), eq(generations.resultPath, resultPath)))
    .returning({ id: generations.id });
  return cleared.length > 0;
}
