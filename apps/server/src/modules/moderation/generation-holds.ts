import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generationHolds } from './moderation-tables';

export type GenerationHold = Pick<
  typeof generationHolds.$inferSelect,
  'suspended' | 'refusalsCountFrom'
>;

/** An operator's hold on a person's generation, if any was ever set. */
export async function readGenerationHold(
  db: DbHandle,
  userId: string,
): Promise<GenerationHold | undefined> {
  const [row] = await db
    .select({
      suspended: generationHolds.suspended,
      refusalsCountFrom: generationHolds.refusalsCountFrom,
    })
    .from(generationHolds)
    .where(eq(generationHolds.userId, userId));
  return row;
}

/**
 * Suspends (until restored) or restores a person's generation. A restore also lifts a running
 * automatic pause: refusals before it stop counting. The caller tells every process's "cannot be
 * suspended" cache (screen-prompt.ts) to forget the person.
 */
export async function setGenerationHold(
  tx: DbHandle,
  userId: string,
  suspended: boolean,
  now: Date,
): Promise<void> {
  const change = {
    suspended,
    updatedAt: now,
    ...(suspended ? {} : { refusalsCountFrom: now }),
  };
  await tx
    .insert(generationHolds)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: generationHolds.userId, set: change });
}
