import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { premiumAccessExists } from '../subscriptions/has-premium-access';
import { recentJobSeconds } from './queue-wait-estimate';
import { submitUnderKey } from './submit-under-key';

/** How many unfinished (queued or running) jobs one person may hold: fairness in a shared queue. */
export interface QueueLimits {
  free: number;
  premium: number;
}

interface RoomRow {
  count: number;
  premium: boolean;
  earlier?: string | null;
}

/** Retry-After of a full personal queue when no job duration is known yet. */
const DEFAULT_RETRY_AFTER_S = 10;

/**
 * Refuses new jobs beyond the person's limit with 429 RATE_LIMIT_EXCEEDED (the spec's message)
 * and a Retry-After of about one job's duration. Takes a transaction-scoped lock on the person
 * before counting, so two concurrent submits cannot both see room for the last place; the lock
 * is released at commit, after the new rows are visible. Answers whether the person has premium
 * access, which it had to look up for their limit and the submit needs again (no charge, first
 * in line).
 */
export async function assertQueueRoom(options: {
  tx: DbHandle;
  userId: string;
  adding: number;
  limits: QueueLimits;
  backend: string;
  /**
   * The submit's Idempotency-Key: its earlier submit is looked up in the same round trip, and
   * when there is one it is answered instead (the queue may be full by now: no 429 then).
   */
  idempotencyKey?: string;
}): Promise<{ premium: boolean; earlierRequestId?: string }> {
  const { tx, userId } = options;
  // generation_queue_held (migration 0014) takes the transaction-scoped lock, then counts with a
  // snapshot from after the lock: one round trip. Premium and the key need no such ordering.
  const earlier = options.idempotencyKey
    ? sql`, (${submitUnderKey(tx, userId, options.idempotencyKey)}) as earlier`
    : sql``;
  const answer = await tx.execute(
    sql`select generation_queue_held(${userId}) as count, ${premiumAccessExists(tx, userId, new Date())} as premium${earlier}`,
  );
  // Both drivers answer { rows }; the columns are read by name, unmapped.
  const [held] = (answer as unknown as { rows: RoomRow[] }).rows;
  const premium = held?.premium ?? false;
  const earlierRequestId = held?.earlier ?? undefined;
  if (earlierRequestId) return { premium, earlierRequestId };
  const limit = premium ? options.limits.premium : options.limits.free;
  if ((held?.count ?? 0) + options.adding <= limit) return { premium };
  const perJob = await recentJobSeconds(tx, options.backend);
  throw new AppError('RATE_LIMIT_EXCEEDED', {
    details: { reason: 'personal queue full', held: held?.count, adding: options.adding, limit },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(perJob ?? DEFAULT_RETRY_AFTER_S))) },
  });
}
