import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';

/** The statuses of a job that still holds a place in its person's queue. */
export const UNFINISHED = ['queued', 'processing'] as const;

/**
 * Takes the person's queue lock until the transaction ends. Every submit and retry of one person
 * takes it before counting their jobs or looking up an Idempotency-Key, so two concurrent
 * requests cannot both see room for the last place, nor both miss each other's key. It is its
 * own statement on purpose: under READ COMMITTED each later statement of the transaction reads
 * a snapshot taken after the lock was granted, and so sees what the previous holder committed.
 */
export async function lockPersonQueue(tx: DbHandle, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`queue:${userId}`}, 0))`);
}

/** How many of the person's jobs are queued or running: their share of the shared queue. */
export async function countHeldJobs(tx: DbHandle, userId: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<number>`count(*)::int` })
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, [...UNFINISHED])));
  return row?.held ?? 0;
}
