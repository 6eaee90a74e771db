import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../generations-tables';
import { preparedPerDatabase } from '../../../db/prepared-per-database';
import type { JobFailure } from '../failure-kinds';
import type { GenerationRow } from '../generation-row';
import { heldBy } from './claim-jobs';
import { UNFINISHED } from './person-queue';

/** A job that ends or goes back to the queue is no longer held by any worker. */
const released = { lockedBy: null, lockedUntil: null, stage: null } as const;

const after = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;

/**
 * The completion, prepared once per database: every job ends with it, and the `result` event
 * waits for its answer.
 */
const preparedCompletion = preparedPerDatabase((db) =>
  db
    .update(generations)
    .set({
      ...released,
      status: 'completed',
      progress: 1,
      error: null,
      resultPath: sql`${sql.placeholder('resultPath')}`,
      resultSha256: sql`${sql.placeholder('sha256')}`,
      backend: sql`${sql.placeholder('backend')}`,
      ignoredOptions: sql`${sql.placeholder('ignoredOptions')}`,
      resultExpiresAt: sql`now() + ${sql.placeholder('retention')}::interval`,
      completedAt: sql`now()`,
    })
    .where(heldBy(sql.placeholder('id'), sql.placeholder('workerId')))
    .returning()
    .prepare('mark_job_completed'),
);

/** Marks the held job completed with its stored image; undefined when the worker lost it. */
export async function markJobCompleted(
  db: DbHandle,
  job: {
    id: string;
    workerId: string;
    resultPath: string;
    sha256: string;
    backend: string;
    ignoredOptions: GenerationRow['ignoredOptions'];
    retentionMs: number;
  },
): Promise<GenerationRow | undefined> {
  const { retentionMs, ...values } = job;
  const [row] = await preparedCompletion(db).execute({
    ...values,
    retention: `${retentionMs} milliseconds`,
  });
  return row;
}

/**
 * Marks the held job failed with `reason` (the person's sentence) and, when known, the failure's
 * kind and the engine's words for the operator; undefined when the worker lost it.
 */
export async function markJobFailed(
  db: DbHandle,
  job: { id: string; workerId: string; reason: string; failure?: JobFailure },
): Promise<GenerationRow | undefined> {
  const [row] = await db
    .update(generations)
    .set({
      ...released,
      status: 'failed',
      error: job.reason,
      failureKind: job.failure?.kind ?? null,
      failureDetail: job.failure?.detail ?? null,
      completedAt: sql`now()`,
    })
    .where(heldBy(job.id, job.workerId))
    .returning();
  return row;
}

/** Puts the held job back in the queue, claimable after `delayMs`; undefined when lost. */
export async function requeueJob(
  db: DbHandle,
  job: { id: string; workerId: string; delayMs: number },
): Promise<GenerationRow | undefined> {
  const [row] = await db
    .update(generations)
    .set({ ...released, status: 'queued', progress: null, runAfter: after(job.delayMs) })
    .where(heldBy(job.id, job.workerId))
    .returning();
  return row;
}

/**
 * Fails the person's unfinished images with `reason`: every image of request `requestId`, or the
 * one image `id`. One guarded UPDATE: PostgreSQL re-checks the status of a row it had to wait
 * for, so a job its worker completed meanwhile is left alone. Answers them in image order.
 */
export async function cancelUnfinishedJobs(
  tx: DbHandle,
  target: { userId: string; reason: string } & ({ requestId: string } | { id: string }),
): Promise<GenerationRow[]> {
  const rows = await tx
    .update(generations)
    .set({ ...released, status: 'failed', error: target.reason, completedAt: sql`now()` })
    .where(
      and(
        eq(generations.userId, target.userId),
        'requestId' in target
          ? eq(generations.requestId, target.requestId)
          : eq(generations.id, target.id),
        inArray(generations.status, [...UNFINISHED]),
      ),
    )
    .returning();
  return rows.sort((left, right) => left.imageIndex - right.imageIndex);
}

/** Queues a failed generation again as run `retryCount`, premium (priority 1) or free. */
export async function requeueForRetry(
  tx: DbHandle,
  job: { id: string; retryCount: number; priority: number },
): Promise<GenerationRow> {
  const [row] = await tx
    .update(generations)
    .set({
      status: 'queued',
      retryCount: job.retryCount,
      attempts: 0,
      priority: job.priority,
      error: null,
      failureKind: null,
      failureDetail: null,
      progress: null,
      stage: null,
      completedAt: null,
      runAfter: sql`now()`,
    })
    .where(eq(generations.id, job.id))
    .returning();
  if (!row) throw new Error('a retried generation vanished inside its transaction');
  return row;
}
