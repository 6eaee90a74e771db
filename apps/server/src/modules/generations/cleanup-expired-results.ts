import type { AppDb } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { removeUnusableMasks } from './repository/inpaint-masks';
import { clearResultPath, findExpiredResults } from './repository/remove-generations';

/**
 * Deletes result files past RESULT_RETENTION_HOURS and nulls their path, in batches. Favorited
 * generations keep theirs (the favorite has its own copy anyway, but history keeps showing it).
 * The path is cleared first: a crash in between leaves an orphan file, never a dead link. Then
 * the inpaint masks no job can use any more go (inpaint-masks.ts). Answers the files removed.
 */
export async function cleanupExpiredResults(options: {
  db: AppDb;
  images: ImageStore;
  batchSize?: number;
}): Promise<number> {
  const { db, images } = options;
  const expired = await findExpiredResults(db, options.batchSize ?? 200);
  let removed = 0;
  for (const row of expired) {
    if (!row.resultPath) continue;
    if (!(await clearResultPath(db, row.id, row.resultPath))) continue;
    await images.remove(row.resultPath);
    removed += 1;
  }
  await removeUnusableMasks(db);
  return removed;
}
