import { and, eq, inArray, sql } from 'drizzle-orm';
import { people } from '../../auth/people-repository';
import type { DbHandle } from '../../../db/database';
import { lockPerson } from '../../../db/lock-person';
import { generations } from '../generations-tables';
import { premiumAccessExists } from '../../subscriptions/has-premium-access';

/** The statuses of a job that still holds a place in its person's queue. */
export const UNFINISHED = ['queued', 'processing'] as const;

/**
 * Takes the person's queue lock until the transaction ends (lockPerson). Every submit and retry of
 * one person takes it before counting their jobs or looking up an Idempotency-Key, so two
 * concurrent requests cannot both see room for the last place, nor both miss each other's key.
 */
export function lockPersonQueue(tx: DbHandle, userId: string): Promise<void> {
  return lockPerson(tx, 'queue', userId);
}

/** What a submit or retry needs to know about the person once their queue is locked. */
export interface QueueStanding {
  /** An active plan: a higher queue limit, no charge, served first. */
  premium: boolean;
  /** Their queued or running jobs: their share of the shared queue. */
  held: number;
  /** The request id of their earlier submit under the Idempotency-Key asked about; null: none. */
  earlierRequestId: string | null;
}

/**
 * The person's plan, their held jobs and, given a key, their earlier submit under it: one
 * statement, read after lockPersonQueue so that it sees what the lock's previous holder committed.
 */
export async function readQueueStanding(
  tx: DbHandle,
  userId: string,
  idempotencyKey?: string,
): Promise<QueueStanding> {
  const heldJobs = tx
    .select({ held: sql`count(*)::int` })
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, [...UNFINISHED])));
  const earlierSubmit = idempotencyKey
    ? sql<string | null>`(${tx
        .select({ requestId: generations.requestId })
        .from(generations)
        .where(
          and(eq(generations.userId, userId), eq(generations.idempotencyKey, idempotencyKey)),
        )})`
    : sql<string | null>`null`;
  const [standing] = await tx
    .select({
      premium: premiumAccessExists(tx, userId, new Date()),
      held: sql<number>`(${heldJobs})`,
      earlierRequestId: earlierSubmit,
    })
    .from(people)
    .where(eq(people.id, userId));
  // A person deleted meanwhile has no standing; their rows then fail on the foreign key.
  return standing ?? { premium: false, held: 0, earlierRequestId: null };
}
