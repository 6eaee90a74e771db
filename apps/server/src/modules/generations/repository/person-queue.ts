import { and, eq, inArray, sql } from 'drizzle-orm';
import { user } from '../../../db/auth-schema';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';
import { premiumAccessExists } from '../../subscriptions/has-premium-access';

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

const heldBy = (userId: string) =>
  and(eq(generations.userId, userId), inArray(generations.status, [...UNFINISHED]));

/** How many of the person's jobs are queued or running: their share of the shared queue. */
export async function countHeldJobs(tx: DbHandle, userId: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<number>`count(*)::int` })
    .from(generations)
    .where(heldBy(userId));
  return row?.held ?? 0;
}

/** What a submit or a retry decides by, read after lockPersonQueue. */
export interface PersonQueue {
  /** Jobs queued or running (countHeldJobs). */
  held: number;
  /** Whether the person has premium access, which their limit depends on. */
  premium: boolean;
  /** The request id of the person's earlier submit under the Idempotency-Key asked about. */
  earlierRequestId: string | null;
}

/**
 * The person's queue in one read: the held count, premium access and, when `idempotencyKey` is
 * given, the earlier submit under that key (stored on a submit's first image only). One
 * statement, so it reads one snapshot taken after the lock was granted.
 */
export async function readPersonQueue(
  tx: DbHandle,
  userId: string,
  idempotencyKey?: string,
): Promise<PersonQueue> {
  const held = tx
    .select({ held: sql`count(*)::int` })
    .from(generations)
    .where(heldBy(userId));
  const earlier = idempotencyKey
    ? tx
        .select({ requestId: generations.requestId })
        .from(generations)
        .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, idempotencyKey)))
    : undefined;
  const [row] = await tx
    .select({
      held: sql<number>`(${held})`,
      premium: premiumAccessExists(tx, userId, new Date()),
      earlierRequestId: earlier ? sql<string | null>`(${earlier})` : sql<null>`null`,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new Error(`no account ${userId} to submit for`);
  return row;
}
