import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../../db/database';
import { generationMasks, generations } from '../generations-tables';
import type { GenerationRow } from '../generation-row';

/** Keeps an inpaint submit's mask beside each of its rows, in the submit's transaction. */
export async function insertInpaintMasks(
  tx: DbHandle,
  images: readonly Pick<GenerationRow, 'id'>[],
  png: Buffer,
): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(generationMasks).values(images.map(({ id }) => ({ generationId: id, png })));
}

/** The mask of inpaint job `generationId`; undefined when it is gone. */
export async function findInpaintMask(
  db: DbHandle,
  generationId: string,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ png: generationMasks.png })
    .from(generationMasks)
    .where(eq(generationMasks.generationId, generationId));
  return row?.png;
}

/** Forgets the mask of a job that completed: it never renders again. */
export async function deleteInpaintMask(db: DbHandle, generationId: string): Promise<void> {
  await db.delete(generationMasks).where(eq(generationMasks.generationId, generationId));
}

const source = alias(generations, 'source');

/**
 * Deletes the masks no job can use any more: a completed job's (if its own delete was missed),
 * and a failed job's once its source's image is gone, as a retry would then fail anyway.
 * Answers how many were deleted.
 */
export async function removeUnusableMasks(db: DbHandle): Promise<number> {
  // Driven from the masks, a handful, never from the whole queue.
  const unusable = db
    .select({ id: generationMasks.generationId })
    .from(generationMasks)
    .innerJoin(generations, eq(generations.id, generationMasks.generationId))
    .leftJoin(source, eq(source.id, generations.sourceGenerationId))
    .where(
      or(
        eq(generations.status, 'completed'),
        and(
          eq(generations.status, 'failed'),
          or(isNull(source.resultPath), lte(source.resultExpiresAt, sql`now()`)),
        ),
      ),
    );
  const deleted = await db
    .delete(generationMasks)
    .where(inArray(generationMasks.generationId, unusable))
    .returning({ id: generationMasks.generationId });
  return deleted.length;
}
