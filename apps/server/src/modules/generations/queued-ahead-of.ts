import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import type { GenerationRow } from './generation-row';

const target = alias(generations, 'target');

/**
 * The queued jobs ahead of `row` in the claim order (priority desc, then oldest, then image
 * index): its 1-based place is that count + 1. A query, so that it can be embedded in another.
 * Compared with the stored row in SQL, not with the JavaScript copy: a Date keeps milliseconds
 * while PostgreSQL keeps microseconds, so the images of one submit (one `now()`) would not
 * compare equal to their own timestamp.
 */
export function queuedAheadOf(tx: DbHandle, row: GenerationRow) {
  return tx
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .innerJoin(target, eq(target.id, row.id))
    .where(
      and(
        eq(generations.status, 'queued'),
        or(
          sql`${generations.priority} > ${target.priority}`,
          and(
            sql`${generations.priority} = ${target.priority}`,
            sql`(${generations.createdAt}, ${generations.imageIndex}) < (${target.createdAt}, ${target.imageIndex})`,
          ),
        ),
      ),
    );
}
