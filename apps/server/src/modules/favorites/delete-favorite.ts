import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { favorites } from '../../db/generations-schema';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import { getOwnedGeneration } from '../generations/get-owned-generation';

/** DELETE /generations/{id}/favorite: removes the favorite and its own image copy (404 if none). */
export async function deleteFavorite(options: {
  db: AppDb;
  images: ImageStore;
  userId: string;
  id: string;
}): Promise<void> {
  const { db, userId } = options;
  const generation = await getOwnedGeneration({ tx: db, userId, id: options.id });
  const [deleted] = await db
    .delete(favorites)
    .where(and(eq(favorites.generationId, generation.id), eq(favorites.userId, userId)))
    .returning();
  if (!deleted) throw new AppError('NOT_FOUND');
  await options.images.remove(deleted.imagePath);
}
