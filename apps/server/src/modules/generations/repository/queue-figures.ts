import { OVERVIEW_FAILURES_HOURS, OVERVIEW_JOBS_MINUTES } from '@nocturne/contract/admin/overview';
import { and, count, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../generations-tables';

/**
 * The queue's figures as the service's gauges and the console's overview read them, across every
 * process (aggregates over the indexed queue).
 */

const ago = (amount: number, unit: string) => sql`now() - ${`${amount} ${unit}`}::interval`;

/** Waiting and running generations per model (the console's overview reads it too). */
export function readQueues(db: DbHandle) {
  const queued = sql`${generations.status} = 'queued'`;
  return db
    .select({
      model: generations.model,
      queued: sql<number>`count(*) filter (where ${queued})`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${generations.status} = 'processing')`.mapWith(
        Number,
      ),
      oldest: sql<
        number | null
      >`extract(epoch from now() - min(${generations.createdAt}) filter (where ${queued}))`.mapWith(
        Number,
      ),
    })
    .from(generations)
    .where(inArray(generations.status, ['queued', 'processing']))
    .groupBy(generations.model);
}

/** Seconds from submit to first claim, per model, over the last hour's first claims. */
export function readWaits(db: DbHandle) {
  const wait = sql`extract(epoch from ${generations.startedAt} - ${generations.createdAt})`;
  return db
    .select({
      model: generations.model,
      p50: sql<number>`percentile_cont(0.5) within group (order by ${wait})`.mapWith(Number),
      p95: sql<number>`percentile_cont(0.95) within group (order by ${wait})`.mapWith(Number),
    })
    .from(generations)
    .where(
      and(
        gt(generations.startedAt, ago(1, 'hours')),
        eq(generations.attempts, 1),
        eq(generations.retryCount, 0),
      ),
    )
    .groupBy(generations.model);
}

/** Images that finished in each of the last minutes, per minute start (database clock). */
export function readJobMinutes(db: DbHandle) {
  const minute = sql<string>`date_trunc('minute', ${generations.completedAt})`;
  return db
    .select({
      minute: sql<string>`to_char(${minute} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:00"Z"')`,
      completed: sql<number>`count(*) filter (where ${generations.status} = 'completed')`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${generations.status} = 'failed')`.mapWith(Number),
    })
    .from(generations)
    .where(
      gte(
        generations.completedAt,
        sql`date_trunc('minute', now()) - ${`${OVERVIEW_JOBS_MINUTES - 1} minutes`}::interval`,
      ),
    )
    .groupBy(minute);
}

/**
 * Failed images of the window by kind (failure-kinds.ts) with the latest engine's words for each,
 * the most frequent first; failures kept without a kind count by the person's sentence.
 */
export function readFailures(db: DbHandle) {
  const reason = sql<string>`coalesce(${generations.failureKind}, ${generations.error}, 'unknown')`;
  const detail = sql<
    string | null
  >`(array_agg(${generations.failureDetail} order by ${generations.completedAt} desc) filter (where ${generations.failureDetail} is not null))[1]`;
  return db
    .select({ reason, detail, count: count().mapWith(Number) })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'failed'),
        gt(generations.completedAt, ago(OVERVIEW_FAILURES_HOURS, 'hours')),
      ),
    )
    .groupBy(reason)
    .orderBy(sql`count(*) desc`)
    .limit(10);
}
