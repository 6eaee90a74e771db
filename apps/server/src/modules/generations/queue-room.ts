import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { premiumAccessExists } from '../subscriptions/has-premium-access';
import { recentJobSeconds } from './queue-wait-estimate';

/** How many unfinished (queued or running) jobs one person may hold: fairness in a shared queue. */
export interface QueueLimits {
  free: number;
  premium: number;
}

/** Retry-After of a full personal queue when no job duration is known yet. */
const DEFAULT_RETRY_AFTER_S = 10;

/**
 * Refuses new jobs beyond the person's limit with 429 RATE_LIMIT_EXCEEDED (the spec's message)
 * and a Retry-After of about one job's duration. Takes a transaction-scoped lock on the person
 * before counting, so two concurrent submits cannot both see room for the last place; the lock is released
 * at commit, after the new rows are visible. Answers whether the person has premium access, which
 * it had to look up for their limit and the submit needs again (no charge, first in line).
 */
export async function assertQueueRoom(options: {
  tx: DbHandle;
  userId: string;
  adding: number;
  limits: QueueLimits;
  backend: string;
}): Promise<{ premium: boolean }> {
  const { tx, userId } = options;
  // generation_queue_held (migration 0014) takes the transaction-scoped lock, then counts with a
  // snapshot from after the lock: one round trip. Premium needs no such ordering.
  const answer = await tx.execute(
    sql`select generation_queue_held(${userId}) as count, ${premiumAccessExists(tx, userId, new Date())} as premium`,
  );
  // Both drivers answer { rows }; the columns are read by name, unmapped.
  const [held] = (answer as unknown as { rows: { count: number; premium: boolean }[] }).rows;
  const premium = held?.premium ?? false;
  const limit = premium ? options.limits.premium : options.limits.free;
  if ((held?.count ?? 0) + options.adding <= limit) return { premium };
  const perJob = await recentJobSeconds(tx, options.backend);
  throw new AppError('RATE_LIMIT_EXCEEDED', {
    details: { reason: 'personal queue full', held: held?.count, adding: options.adding, limit },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(perJob ?? DEFAULT_RETRY_AFTER_S))) },
  });
}
