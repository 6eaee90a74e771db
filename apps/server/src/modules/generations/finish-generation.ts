import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { heldBy } from './claim-next-generation';
import { refundGenerationRun } from './generation-charge';
import type { GenerationRow } from './generation-row';

const released = { lockedBy: null, lockedUntil: null, stage: null } as const;

/** Marks the held job completed with its stored image; undefined when the job was lost. */
export async function completeGeneration(options: {
  db: AppDb;
  job: GenerationRow;
  workerId: string;
  resultPath: string;
  retentionMs: number;
}): Promise<GenerationRow | undefined> {
  const { db, job, workerId } = options;
  const [row] = await db
    .update(generations)
    .set({
      ...released,
      status: 'completed',
      progress: 1,
      error: null,
      resultPath: options.resultPath,
      resultExpiresAt: sql`now() + ${`${options.retentionMs} milliseconds`}::interval`,
      completedAt: sql`now()`,
    })
    .where(heldBy(job.id, workerId))
    .returning();
  return row;
}

/** Puts the held job back in the queue after a failed attempt, not before `delayMs`. */
export async function requeueGeneration(options: {
  db: AppDb;
  job: GenerationRow;
  workerId: string;
  delayMs: number;
}): Promise<GenerationRow | undefined> {
  const [row] = await options.db
    .update(generations)
    .set({
      ...released,
      status: 'queued',
      progress: null,
      runAfter: sql`now() + ${`${options.delayMs} milliseconds`}::interval`,
    })
    .where(heldBy(options.job.id, options.workerId))
    .returning();
  return row;
}

/**
 * Marks the held job failed and refunds its run, in one transaction: the status change is the
 * guard (only the holder can make it), and the refund is keyed, so it happens exactly once.
 */
export async function failGeneration(options: {
  db: AppDb;
  job: GenerationRow;
  workerId: string;
  reason: string;
}) {
  const { db, job, workerId } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(generations)
      .set({ ...released, status: 'failed', error: options.reason, completedAt: sql`now()` })
      .where(heldBy(job.id, workerId))
      .returning();
    if (!row) return undefined;
    const refund = await refundGenerationRun({
      tx,
      userId: row.userId,
      generationId: row.id,
      retryCount: row.retryCount,
    });
    return { row, ...refund };
  });
}
