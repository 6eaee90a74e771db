import { and, asc, desc, eq, inArray, lte, or, sql, type Placeholder } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';
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

/**
 * The claim, prepared once per database: every job starts with it, right after the submit's
 * wake-up, so building its SQL and planning it again would delay every job's start.
 * A queued row whose back-off has passed, or a processing row whose lease lapsed (its worker
 * died), among the models the worker serves. Premium before free, then oldest (the images of one
 * submit in order). FOR UPDATE SKIP LOCKED makes concurrent claimers pass over each other's
 * candidate rows instead of waiting, so two workers never get the same job.
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
    .orderBy(desc(generations.priority), asc(generations.createdAt), asc(generations.imageIndex))
    .limit(1)
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
    .prepare('claim_next_generation');
});

/**
 * Claims the next job of one of `models` for `workerId` with a lease of `leaseMs`; undefined when
 * none is due.
 */
export async function claimNextGeneration(options: {
  db: DbHandle;
  workerId: string;
  leaseMs: number;
  models: readonly string[];
}): Promise<GenerationRow | undefined> {
  const { db, workerId, leaseMs, models } = options;
  const [claimed] = await preparedClaim(db).execute({
    workerId,
    lease: `${leaseMs} milliseconds`,
    models: [...models],
  });
  return claimed;
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
