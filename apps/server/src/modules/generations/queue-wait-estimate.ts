import { and, desc, eq, isNotNull, sql, type Placeholder } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';

/** What the wait estimate needs to know about the workers serving the queue. */
export interface QueueEstimateContext {
  /** `backend:model` jobs run on now (ImageGenerator.describe()); durations are per backend. */
  backend: string;
  /** Jobs the workers run at once (WORKER_CONCURRENCY of a worker process). */
  concurrency: number;
}

/** Recent runs averaged: enough to follow a change of load, few enough to read in one index scan. */
const RECENT_RUNS = 20;

/** `backend:model`, as stored on each completed generation. */
export function backendLabel(description: { backend: string; model: string }): string {
  return `${description.backend}:${description.model}`;
}

/**
 * Mean seconds of the last completed jobs of `backend`, from claim to completion; null while
 * there is no history for it (the estimate is then left out rather than guessed).
 */
export async function recentJobSeconds(tx: DbHandle, backend: string): Promise<number | null> {
  const [row] = await recentJobSecondsQuery(tx, backend);
  return secondsOf(row?.seconds);
}

/** avg() answers numeric: a string from the drivers (a number if one parses it); null: no history. */
export function secondsOf(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** recentJobSeconds as a query that can also be embedded in a bigger (or prepared) one. */
export function recentJobSecondsQuery(tx: DbHandle, backend: string | Placeholder) {
  const recent = tx
    .select({ completedAt: generations.completedAt, startedAt: generations.startedAt })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'completed'),
        eq(generations.backend, backend),
        isNotNull(generations.startedAt),
      ),
    )
    .orderBy(desc(generations.completedAt))
    .limit(RECENT_RUNS)
    .as('recent');
  return tx
    .select({
      seconds: sql<
        string | null
      >`avg(extract(epoch from (${recent.completedAt} - ${recent.startedAt})))`,
    })
    .from(recent);
}

/**
 * Seconds until a job at 1-based `position` starts: the jobs ahead of it, served `concurrency`
 * at a time, at the recent mean duration `perJob` (null: no history, no estimate). Rounded up.
 */
export function waitSeconds(
  position: number,
  perJob: number | null,
  concurrency: number,
): number | null {
  if (perJob === null) return null;
  return Math.ceil(Math.ceil(position / Math.max(1, concurrency)) * perJob);
}

/**
 * What a queued image is told (a `queued` update, a join's snapshot): its 1-based place after
 * `ahead` queued jobs claimed before it, and its wait at the recent mean duration `perJob`.
 */
export function queuePlace(
  ahead: number,
  perJob: number | null,
  concurrency: number,
): { queue_position: number; estimated_wait_s: number | null } {
  const position = ahead + 1;
  return { queue_position: position, estimated_wait_s: waitSeconds(position, perJob, concurrency) };
}
