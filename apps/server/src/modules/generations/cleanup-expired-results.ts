import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { favorites, generations } from '../../db/generations-schema';
import type { ImageStore } from '../images/image-store';

/**
 * Deletes result files past RESULT_RETENTION_HOURS and nulls their path, in batches. Favorited
 * generations keep theirs (the favorite has its own copy anyway, but history keeps showing it).
 * The path is cleared first: a crash in between leaves an orphan file, never a dead link.
 */
export async function cleanupExpiredResults(options: {
  db: AppDb;
  images: ImageStore;
  batchSize?: number;
}): Promise<number> {
  const { db, images } = options;
  const expired = await db
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
    .limit(options.batchSize ?? 200);
  let removed = 0;
  for (const row of expired) {
    if (!row.resultPath) continue;
    const cleared = await db
      .update(generations)
      .set({ resultPath: null })
      .where(and(eq(generations.id, row.id), eq(generations.resultPath, row.resultPath)))
      .returning({ id: generations.id });
    if (cleared.length === 0) continue;
    await images.remove(row.resultPath);
    removed += 1;
  }
  return removed;
}
