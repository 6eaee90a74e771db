import { and, asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';
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
  | 'priority'
  | 'idempotencyKey'
  | 'kind'
  | 'sourceGenerationId'
  | 'strength'
  | 'upscaleFactor'
>;

/** Inserts the images of one submit and answers them in image order. */
export async function insertSubmitImages(
  tx: DbHandle,
  images: NewSubmitImage[],
): Promise<GenerationRow[]> {
  const rows = await tx.insert(generations).values(images).returning();
  return rows.sort((left, right) => left.imageIndex - right.imageIndex);
}

/**
 * The images of the person's earlier submit under `idempotencyKey`, in image order; empty when
 * there is none. The key is stored on a submit's first image only, so the lookup finds that
 * image and reads its siblings by request id.
 */
export async function findSubmitByKey(
  tx: DbHandle,
  userId: string,
  idempotencyKey: string,
): Promise<GenerationRow[]> {
  const [first] = await tx
    .select({ requestId: generations.requestId })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, idempotencyKey)));
  if (!first) return [];
  return tx
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.requestId, first.requestId)))
    .orderBy(asc(generations.imageIndex));
}
