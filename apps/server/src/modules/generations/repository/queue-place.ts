import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../../db/database';
import { generations } from '../generations-tables';

/** Recent runs averaged: enough to follow a change of load, few enough to read in one index scan. */
const RECENT_RUNS = 20;

const target = alias(generations, 'target');

/**
 * The queued jobs of job `id`'s model claimed before it (claim order: priority desc, then oldest,
 * then image index; see claim-jobs.ts). Workers claim by model, so another model's jobs are not
 * ahead of it. Compared with the stored row in SQL rather than with a JavaScript
 * copy: a Date keeps milliseconds while PostgreSQL keeps microseconds, so the images of one
 * submit (one `now()`) would not compare equal to their own timestamp.
 */
export async function countQueuedAhead(tx: DbHandle, id: string): Promise<number> {
  const [row] = await tx
    .select({ ahead: sql<number>`count(*)::int` })
    .from(generations)
    .innerJoin(target, eq(target.id, id))
    .where(
      and(
        eq(generations.status, 'queued'),
        eq(generations.model, target.model),
        or(
          sql`${generations.priority} > ${target.priority}`,
          and(
            eq(generations.priority, target.priority),
            sql`(${generations.createdAt}, ${generations.imageIndex}) < (${target.createdAt}, ${target.imageIndex})`,
          ),
        ),
      ),
    );
  return row?.ahead ?? 0;
}

/**
 * Mean seconds of the last completed jobs of catalog model `model`, from claim to completion;
 * null while there is no history for it (a wait is then left out, not guessed).
 */
export async function findRecentJobSeconds(tx: DbHandle, model: string): Promise<number | null> {
  const recent = tx
    .select({ completedAt: generations.completedAt, startedAt: generations.startedAt })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'completed'),
        eq(generations.model, model),
        isNotNull(generations.startedAt),
      ),
    )
    .orderBy(desc(generations.completedAt))
    .limit(RECENT_RUNS)
    .as('recent');
  const [row] = await tx
    .select({
      // avg() answers numeric, which the drivers hand over as a string.
      seconds: sql<
        string | null
      >`avg(extract(epoch from (${recent.completedAt} - ${recent.startedAt})))`,
    })
    .from(recent);
  return row?.seconds === null || row?.seconds === undefined ? null : Number(row.seconds);
}
