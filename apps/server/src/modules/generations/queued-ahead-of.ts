import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import type { GenerationRow } from './generation-row';

const target = alias(generations, 'target');

/** A queued job's place in the claim order (claim-next-generation.ts), as SQL operands. */
export interface ClaimOrderKey {
  priority: SQLWrapper;
  createdAt: SQLWrapper;
  imageIndex: SQLWrapper;
}

/** The columns of the claim order, of `generations` or of an alias of it. */
interface ClaimOrderColumns {
  status: AnyPgColumn;
  priority: AnyPgColumn;
  createdAt: AnyPgColumn;
  imageIndex: AnyPgColumn;
}

/**
 * The condition for a row of `rows` (the `generations` table, or an alias of it when the key is
 * the outer query's own row) to be queued and claimed before the job at `key` (priority desc,
 * then oldest, then image index): the one definition of "ahead" for every place count.
 */
export function queuedBefore(
  key: ClaimOrderKey,
  rows: ClaimOrderColumns = generations,
): SQL | undefined {
  return and(
    eq(rows.status, 'queued'),
    or(
      sql`${rows.priority} > ${key.priority}`,
      and(
        sql`${rows.priority} = ${key.priority}`,
        sql`(${rows.createdAt}, ${rows.imageIndex}) < (${key.createdAt}, ${key.imageIndex})`,
      ),
    ),
  );
}

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
    .where(queuedBefore(target));
}
