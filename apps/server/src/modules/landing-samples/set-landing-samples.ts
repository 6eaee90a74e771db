import { randomUUID } from 'node:crypto';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { sql } from 'drizzle-orm';
import { landingSamples } from './landing-samples-tables';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { AppError } from '../../lib/app-error';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../operators/require-operator';
import type { ImageStore } from '../images/image-store';
import { findOwnFavorites } from '../generations/repository/person-generations';
import {
  notifyLandingSamplesChanged,
  readLandingSampleRows,
  type LandingSampleRow,
} from './landing-samples-repository';
import { madeByPreviewModel } from './made-by-preview-model';

const audited = (rows: LandingSampleRow[]) =>
  rows.map((row) => ({ id: row.id, favoriteId: row.favoriteId, prompt: row.prompt }));

type ChosenFavorite = Awaited<ReturnType<typeof findOwnFavorites>>[number];

const sampleText = (favorite: ChosenFavorite) =>
  favorite.sourcePrompt.trim() || favorite.contentPrompt;

/**
 * Refuses the choice when an image was made by the preview model, naming each such favorite: by
 * id for a client, by its prompt in the message the console shows.
 */
async function refusePreviewImages(
  images: ImageStore,
  favoriteIds: string[],
  byId: Map<string, ChosenFavorite>,
) {
  const fromPreview: ChosenFavorite[] = [];
  for (const id of favoriteIds) {
    const favorite = byId.get(id)!;
    if (madeByPreviewModel(await images.read(favorite.imagePath))) fromPreview.push(favorite);
  }
  if (fromPreview.length === 0) return;
  const named = fromPreview.map((favorite) => `“${sampleText(favorite)}”`).join(', ');
  throw new AppError('LANDING_SAMPLE_FROM_PREVIEW', {
    message: `${PRODUCT_ERRORS.LANDING_SAMPLE_FROM_PREVIEW.message} Made by the preview model: ${named}.`,
    extra: { favorite_ids: fromPreview.map((favorite) => favorite.id) },
  });
}

/**
 * Replaces the landing's samples with copies of the operator's own favorites, in the given order;
 * images of the preview model are refused, since the landing would call them "Made with Nocturne".
 * The images are copied first; the rows and the audit row change in one transaction; the old
 * copies go after the commit, the new ones if it fails, so no sample ever lacks its image.
 */
export async function setLandingSamples(options: {
  unitOfWork: UnitOfWork;
  db: Parameters<typeof findOwnFavorites>[0];
  images: ImageStore;
  operator: RequestOperator;
  favoriteIds: string[];
}): Promise<LandingSampleRow[]> {
  const { operator, favoriteIds, images } = options;
  const found = await findOwnFavorites(options.db, operator.id, favoriteIds);
  const byId = new Map(found.map((favorite) => [favorite.id, favorite]));
  if (favoriteIds.some((id) => !byId.has(id))) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'favorite_ids must name favorites of your own.',
    });
  }
  await refusePreviewImages(images, favoriteIds, byId);
  const copies: string[] = [];
  try {
    const rows: LandingSampleRow[] = [];
    for (const [position, id] of favoriteIds.entries()) {
      const favorite = byId.get(id)!;
      const imageKey = await images.copy(favorite.imagePath);
      copies.push(imageKey);
      const prompt = sampleText(favorite);
      rows.push({
        id: randomUUID(),
        position,
        prompt,
        imageKey,
        favoriteId: id,
        chosenAt: new Date(),
      });
    }
    const before = await options.unitOfWork.transaction(async (tx) => {
      // Two operators saving at once take turns, so each removes exactly the copies it replaced.
      await tx.execute(sql`lock table landing_samples in exclusive mode`);
      const old = await readLandingSampleRows(tx);
      await tx.delete(landingSamples);
      if (rows.length > 0) await tx.insert(landingSamples).values(rows);
      await recordAdminAction(tx, {
        operator,
        action: 'landing_samples_set',
        targetUserId: null,
        reason: null,
        before: audited(old),
        after: audited(rows),
      });
      await notifyLandingSamplesChanged(tx);
      return old;
    });
    copies.length = 0;
    await Promise.all(before.map((row) => images.remove(row.imageKey)));
    return rows;
  } finally {
    await Promise.all(copies.map((key) => images.remove(key)));
  }
}
