import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../../db/database';
import { favorites } from '../generations-tables';
import { AppError } from '../../../lib/app-error';
import type { ImageStore } from '../../images/image-store';
import { getOwnedGeneration } from '../get-owned-generation';
import { isUuid } from '../repository/read-generations';

/** The favorite's own id when `id` names no generation of the user. */
async function favoriteMatch(db: AppDb, userId: string, id: string) {
  try {
    const generation = await getOwnedGeneration({ tx: db, userId, id });
    return eq(favorites.generationId, generation.id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND' && isUuid(id)) {
      return eq(favorites.id, id);
    }
    throw error;
  }
}

/**
 * DELETE /generations/{id}/favorite: removes the favorite and its own image copy (404 if none).
 * `id` names the generation (its id or request id, spec §7) or, for a favorite that outlived its
 * deleted generation (generation_id null), the favorite itself, so every favorite stays removable.
 */
export async function deleteFavorite(options: {
  db: AppDb;
  images: ImageStore;
  userId: string;
  id: string;
}): Promise<void> {
  const { db, userId } = options;
  const match = await favoriteMatch(db, userId, options.id);
  const [deleted] = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), match))
    .returning();
  if (!deleted) throw new AppError('NOT_FOUND');
  await options.images.remove(deleted.imagePath);
}
