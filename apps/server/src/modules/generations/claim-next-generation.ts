import { and, asc, desc, eq, inArray, lte, or, sql, type Placeholder } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { preparedOncePerDatabase } from '../../db/prepared-per-database';
import type { GenerationRow } from './generation-row';

/** Prepared once per database: every worker asks it after each job and at every wake-up. */
const preparedClaim = preparedOncePerDatabase((db) => {
  const candidate = db
    .select({ id: generations.id })
    .from(generations)
    .where(
      or(
        and(eq(generations.status, 'queued'), lte(generations.runAfter, sql`now()`)),
        and(eq(generations.status, 'processing'), lte(generations.lockedUntil, sql`now()`)),
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
 * Claims the next job for `workerId` with a lease of `leaseMs`: a queued row whose back-off has
 * passed, or a processing row whose lease lapsed (its worker died). Premium before free, then
 * oldest (the images of one submit in order). FOR UPDATE SKIP LOCKED makes concurrent claimers
 * pass over each other's candidate rows instead of waiting, so two workers never get the same job.
 */
export async function claimNextGeneration(options: {
  db: DbHandle;
  workerId: string;
  leaseMs: number;
}): Promise<GenerationRow | undefined> {
  const { db, workerId, leaseMs } = options;
  const [claimed] = await preparedClaim(db).execute({
    workerId,
    lease: `${leaseMs} milliseconds`,
  });
  return claimed;
}

/**
 * Extends the lease while the job runs. False when this worker no longer holds the job (its
 * lease lapsed and another worker claimed it, or the user deleted it): the caller must stop.
 */
export async function renewGenerationLease(options: {
  db: DbHandle;
  id: string;
  workerId: string;
  leaseMs: number;
}): Promise<boolean> {
  const rows = await options.db
    .update(generations)
    .set({ lockedUntil: sql`now() + ${`${options.leaseMs} milliseconds`}::interval` })
    .where(heldBy(options.id, options.workerId))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** The row is still this worker's running job. */
export function heldBy(id: string | Placeholder, workerId: string | Placeholder) {
  return and(
    eq(generations.id, id),
    eq(generations.status, 'processing'),
    eq(generations.lockedBy, workerId),
  );
}
