import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
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
 * first, so two concurrent submits cannot both see room for the last place; the lock is released
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
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`queue:${userId}`}, 0))`);
  // After the lock: a count read before it could miss a concurrent submit's rows.
  const [held] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      premium: premiumAccessExists(tx, userId, new Date()),
    })
    .from(generations)
    .where(
      and(eq(generations.userId, userId), inArray(generations.status, ['queued', 'processing'])),
    );
  const premium = held?.premium ?? false;
  const limit = premium ? options.limits.premium : options.limits.free;
  if ((held?.count ?? 0) + options.adding <= limit) return { premium };
  const perJob = await recentJobSeconds(tx, options.backend);
  throw new AppError('RATE_LIMIT_EXCEEDED', {
    details: { reason: 'personal queue full', held: held?.count, adding: options.adding, limit },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(perJob ?? DEFAULT_RETRY_AFTER_S))) },
  });
}
