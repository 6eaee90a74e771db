import type { UnitOfWork } from '../../db/create-unit-of-work';
import { AppError } from '../../lib/app-error';
import { clearCharacterReferencesTo } from '../characters/characters-repository';
import type { ImageStore } from '../images/image-store';
import { refundGenerationRun } from './generation-charge';
import { getOwnedGeneration } from './get-owned-generation';
import { deleteUnlessRunning } from './repository/remove-generations';

/**
 * DELETE /generations/{id}: removes the row and its result file. A queued job is cancelled and its
 * credit given back (nothing was produced); a job being processed is refused (422) because a
 * worker is spending the credit right now; try again once it has finished. Favorites survive:
 * they hold their own copy of the image. A character holding it as its reference loses it.
 */
export async function deleteGeneration(options: {
  /** A refund adds `credit_updated`; the file is removed only once the deletion committed. */
  unitOfWork: UnitOfWork;
  images: ImageStore;
  userId: string;
  id: string;
}): Promise<void> {
  const { userId } = options;
  const deleted = await options.unitOfWork.transaction(async (tx, events) => {
    const row = await getOwnedGeneration({ tx, userId, id: options.id, forUpdate: true });
    const deleted = await deleteUnlessRunning(tx, row.id);
    if (!deleted) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'This generation is still being processed. Delete it once it has finished.',
      });
    }
    // A character holding it as its reference no longer has one (no foreign key across modules).
    await clearCharacterReferencesTo(tx, deleted.id);
    if (deleted.status === 'queued') {
      await refundGenerationRun({
        tx,
        events,
        userId,
        generationId: deleted.id,
        retryCount: deleted.retryCount,
      });
    }
    return deleted;
  });
  if (deleted.resultPath) await options.images.remove(deleted.resultPath);
}
