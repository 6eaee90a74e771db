import { and, asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../generations-tables';
import type { GenerationRow } from '../generation-row';

/** The rows of one submit as the submit writes them; the columns' defaults do the rest. */
export type NewSubmitImage = Pick<
  typeof generations.$inferInsert,
  | 'id'
  | 'requestId'
  | 'userId'
  | 'imageIndex'
  | 'imageCount'
  | 'sourcePrompt'
  | 'contentPrompt'
  | 'expandedPrompt'
  | 'negativePrompt'
  | 'seed'
  | 'seedChosen'
  | 'aspectRatio'
  | 'quality'
  | 'style'
  | 'model'
  | 'loras'
  | 'priority'
  | 'idempotencyKey'
  | 'kind'
  | 'sourceGenerationId'
  | 'strength'
  | 'upscaleFactor'
  | 'referenceGenerationId'
>;

/** Inserts the images of one submit and answers them in image order. */
export async function insertSubmitImages(
  tx: DbHandle,
  images: NewSubmitImage[],
): Promise<GenerationRow[]> {
  const rows = await tx.insert(generations).values(images).returning();
  return rows.sort((left, right) => left.imageIndex - right.imageIndex);
}

/** The images of the person's submit `requestId` in image order (an Idempotency-Key's replay). */
export async function findSubmitImages(
  tx: DbHandle,
  userId: string,
  requestId: string,
): Promise<GenerationRow[]> {
  return tx
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.requestId, requestId)))
    .orderBy(asc(generations.imageIndex));
}
