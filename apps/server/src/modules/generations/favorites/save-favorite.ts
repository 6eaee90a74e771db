import { eq } from 'drizzle-orm';
import type { AppDb } from '../../../db/database';
import { favorites } from '../generations-tables';
import { AppError } from '../../../lib/app-error';
import { imageDigest } from '../../images/image-digest';
import type { ImageStore } from '../../images/image-store';
import { isResultRetained, toFavoriteSettings } from '../generation-row';
import { getOwnedGeneration } from '../get-owned-generation';
import type { FavoriteRow } from './favorite-row';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The client's copy, used only once ours has expired: it must be the very image the server
 * generated (its digest is kept), so nobody can store other bytes under /images.
 */
function verifiedClientImage(resultBase64: string | undefined, expected: string | null): Buffer {
  if (!expected) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'This image has expired and can no longer be saved.',
    });
  }
  const body = resultBase64?.replace(/^data:image\/png;base64,/, '') ?? '';
  const png = Buffer.from(body, 'base64');
  if (png.length <= PNG_SIGNATURE.length || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'result_base64: the result has expired; send the PNG you received as base64',
    });
  }
  if (imageDigest(png) !== expected) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'result_base64: this is not the image that was generated',
    });
  }
  return png;
}

/**
 * POST /generations/{id}/favorite: keeps the result for good in its own file (retention cleanup
 * and deleting the generation never touch it). A second save is 409 ALREADY_EXISTS.
 */
export async function saveFavorite(options: {
  db: AppDb;
  images: ImageStore;
  userId: string;
  id: string;
  resultBase64?: string;
}): Promise<FavoriteRow> {
  const { db, images, userId } = options;
  const generation = await getOwnedGeneration({ tx: db, userId, id: options.id });
  if (generation.status !== 'completed') {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Only a completed generation can be saved.',
    });
  }
  const [existing] = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(eq(favorites.generationId, generation.id));
  if (existing) throw new AppError('ALREADY_EXISTS');
  const imagePath =
    isResultRetained(generation, new Date()) && generation.resultPath
      ? await images.copy(generation.resultPath)
      : await images.save(verifiedClientImage(options.resultBase64, generation.resultSha256));
  const [row] = await db
    .insert(favorites)
    .values({
      userId,
      generationId: generation.id,
      sourcePrompt: generation.sourcePrompt,
      // The prompt this image got, so a prompt with choices keeps the one that made it.
      contentPrompt: generation.expandedPrompt ?? generation.contentPrompt,
      imagePath,
      settings: toFavoriteSettings(generation),
    })
    // Two saves racing: the unique generation_id lets one in; the other answers 409.
    .onConflictDoNothing({ target: favorites.generationId })
    .returning();
  if (!row) {
    await images.remove(imagePath);
    throw new AppError('ALREADY_EXISTS');
  }
  return row;
}
