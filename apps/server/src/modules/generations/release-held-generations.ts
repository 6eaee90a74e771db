import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';

/**
 * Hands the jobs `workerId` still holds back to the queue at once (shutdown past its grace):
 * another worker claims them without waiting for the lease to lapse, and the interrupted attempt
 * does not count against the job. Its charge stays as it is (one per submit). Answers how many.
 */
export async function releaseHeldGenerations(options: {
  db: DbHandle;
  workerId: string;
}): Promise<number> {
  const released = await options.db
    .update(generations)
    .set({
      status: 'queued',
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now()`,
      attempts: sql`greatest(${generations.attempts} - 1, 0)`,
      progress: null,
      stage: null,
    })
    .where(and(eq(generations.lockedBy, options.workerId), eq(generations.status, 'processing')))
    .returning({ id: generations.id });
  return released.length;
}
