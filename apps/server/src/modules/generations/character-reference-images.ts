import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { ReferenceImages } from '../characters/character-reference';
import type { ImageStore } from '../images/image-store';
import { isResultRetained, type GenerationRow } from './generation-row';
import {
  findGeneration,
  findGenerations,
  findOwnedGeneration,
} from './repository/read-generations';

/**
 * The person's results as characters' reference images (the characters routes are handed these,
 * so that module never reads this one's table). A reference must be one of the person's own
 * results with a kept image: another person's or a missing id is 404
 * CHARACTER_REFERENCE_NOT_FOUND (as absent as one that never was); one without a kept image
 * (queued, failed, expired) is 422 CHARACTER_REFERENCE_NOT_READY.
 */
export function characterReferenceImages(
  db: DbHandle,
  images: Pick<ImageStore, 'urlFor'>,
): ReferenceImages {
  return {
    async ownResultId(userId, id) {
      const row = await findOwnedGeneration(db, { userId, id });
      if (!row) throw new AppError('CHARACTER_REFERENCE_NOT_FOUND');
      if (!isResultRetained(row, new Date())) throw new AppError('CHARACTER_REFERENCE_NOT_READY');
      // The API also names a result by its request id: the reference is the row itself.
      return row.id;
    },
    async keptImageUrls(ids) {
      const rows = await findGenerations(db, [...new Set(ids)]);
      const now = new Date();
      return new Map(
        rows.flatMap((row) =>
          isResultRetained(row, now) && row.resultPath
            ? [[row.id, images.urlFor(row.resultPath)] as const]
            : [],
        ),
      );
    },
  };
}

/**
 * The stored PNG of the reference image a job's character holds, for an engine that follows one
 * (`capabilities.characterReference`); nothing for any other engine, a job without one, or a
 * reference whose image was deleted or expired since the submit (the image is then made from
 * its prompt alone, as on a model without references).
 */
export async function referenceJobInput(
  deps: { db: DbHandle; images: Pick<ImageStore, 'read'>; engine: ImageGenerator },
  job: GenerationRow,
): Promise<Pick<GenerateRequest, 'referencePng'>> {
  if (!job.referenceGenerationId) return {};
  if (!deps.engine.describe().capabilities?.characterReference) return {};
  const reference = await findGeneration(deps.db, job.referenceGenerationId);
  if (!reference?.resultPath || !isResultRetained(reference, new Date())) return {};
  const png = await deps.images.read(reference.resultPath).catch(() => undefined);
  return png ? { referencePng: png } : {};
}
