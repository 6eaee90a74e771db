import { and, asc, desc, eq, inArray, lte, or, sql, type Placeholder } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../generations-tables';
import { preparedPerDatabase } from '../../../db/prepared-per-database';
import type { GenerationRow } from '../generation-row';

/** The row is still this worker's running job: the guard of every write a worker makes. */
export function heldBy(id: string | Placeholder, workerId: string | Placeholder) {
  return and(
    eq(generations.id, id),
    eq(generations.status, 'processing'),
    eq(generations.lockedBy, workerId),
  );
}

const leaseOf = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/** The queue's order: premium before free, then oldest, the images of one submit in order. */
const QUEUE_ORDER = [
  desc(generations.priority),
  asc(generations.createdAt),
  asc(generations.imageIndex),
] as const;

/**
 * The claim, prepared once per database: every job starts with it, right after the submit's
 * wake-up, so building its SQL and planning it again would delay every job's start.
 * Up to `count` queued rows whose back-off has passed, or processing rows whose lease lapsed
 * (their worker died), among the models the worker serves, first in the queue's order.
 * FOR UPDATE SKIP LOCKED makes concurrent claimers pass over each other's candidate rows instead
 * of waiting, so two workers never get the same job.
 */
const preparedClaim = preparedPerDatabase((db) => {
  const candidate = db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        sql`${generations.model} = any(${sql.placeholder('models')}::text[])`,
        or(
          and(eq(generations.status, 'queued'), lte(generations.runAfter, sql`now()`)),
          and(eq(generations.status, 'processing'), lte(generations.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(...QUEUE_ORDER)
    .limit(sql.placeholder('count'))
    .for('update', { skipLocked: true });
  return db
    .update(generations)
    .set({
      status: 'processing',
      attempts: sql`${generations.attempts} + 1`,
      lockedBy: sql`${sql.placeholder('workerId')}`,
      lockedUntil: sql`now() + ${sql.placeholder('lease')}::interval`,
      startedAt: sql`coalesce(${generations.startedAt}, now())`,
      progress: 0,
      stage: 'queued',
    })
    .where(inArray(generations.id, candidate))
    .returning()
    .prepare('claim_generations');
});

const inQueueOrder = (left: GenerationRow, right: GenerationRow) =>
  right.priority - left.priority ||
  left.createdAt.getTime() - right.createdAt.getTime() ||
  left.imageIndex - right.imageIndex;

/**
 * Claims up to `count` due jobs of `models` for `workerId`, each with a lease of `leaseMs`, in the
 * queue's order; fewer (or none) when fewer are due.
 */
export async function claimGenerations(options: {
  db: DbHandle;
  workerId: string;
  leaseMs: number;
  models: readonly string[];
  count: number;
}): Promise<GenerationRow[]> {
  const { db, workerId, leaseMs, models, count } = options;
  const claimed = await preparedClaim(db).execute({
    workerId,
    lease: `${leaseMs} milliseconds`,
    models: [...models],
    count,
  });
  // UPDATE … RETURNING answers in no particular order.
  return claimed.sort(inQueueOrder);
}

/**
 * Extends the lease while the job runs. False when this worker no longer holds the job (its
 * lease lapsed and another worker claimed it, or the person deleted or cancelled it).
 */
export async function renewGenerationLease(options: {
  db: DbHandle;
  id: string;
  workerId: string;
  leaseMs: number;
}): Promise<boolean> {
  const rows = await options.db
    .update(generations)
    .set({ lockedUntil: leaseOf(options.leaseMs) })
    .where(heldBy(options.id, options.workerId))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** Records a running job's progress for readers of the row (GET, a join's snapshot). */
export async function writeJobProgress(
  db: DbHandle,
  job: { id: string; workerId: string; progress: number; stage: string },
): Promise<void> {
  await db
    .update(generations)
    .set({ progress: job.progress, stage: job.stage })
    .where(heldBy(job.id, job.workerId));
}

/**
 * Hands the jobs `workerId` still holds back to the queue at once (shutdown past its grace):
 * another worker claims them without waiting for the lease to lapse, and the interrupted attempt
 * does not count against the job. Answers how many.
 */
export async function releaseHeldGenerations(options: {
  db: DbHandle;
  workerId: string;
}): Promise<number> {
  const { db, workerId } = options;
  const released = await db
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
    .where(and(eq(generations.lockedBy, workerId), eq(generations.status, 'processing')))
    .returning({ id: generations.id });
  return released.length;
}
