import { and, eq, ne } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import { refundGenerationRun } from './generation-charge';
import { getOwnedGeneration } from './get-owned-generation';

/**
 * DELETE /generations/{id}: removes the row and its result file. A queued job is cancelled and its
 * credit given back (nothing was produced); a job being processed is refused (422) because a
 * worker is spending the credit right now; try again once it has finished. Favorites survive:
 * they hold their own copy of the image.
 */
export async function deleteGeneration(options: {
  db: AppDb;
  images: ImageStore;
  userId: string;
  id: string;
}): Promise<{ refundedBalance: number | null }> {
  const { db, userId } = options;
  const result = await db.transaction(async (tx) => {
    const row = await getOwnedGeneration({ tx, userId, id: options.id, forUpdate: true });
    const [deleted] = await tx
      .delete(generations)
      // Re-checked in the statement: the worker may have claimed it since it was read.
      .where(and(eq(generations.id, row.id), ne(generations.status, 'processing')))
      .returning();
    if (!deleted) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'This generation is still being processed. Delete it once it has finished.',
      });
    }
    const refund =
      deleted.status === 'queued'
        ? await refundGenerationRun({
            tx,
            userId,
            generationId: deleted.id,
            retryCount: deleted.retryCount,
          })
        : { refunded: 0, balance: null };
    return { deleted, refund };
  });
  if (result.deleted.resultPath) await options.images.remove(result.deleted.resultPath);
  return { refundedBalance: result.refund.refunded > 0 ? result.refund.balance : null };
}
