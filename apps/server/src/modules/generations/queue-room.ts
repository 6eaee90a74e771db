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

interface RoomRow {
  count: number;
  premium: boolean;
}

/** Retry-After of a full personal queue when no job duration is known yet. */
const DEFAULT_RETRY_AFTER_S = 10;

/**
 * 429 RATE_LIMIT_EXCEEDED (the spec's message) for a person whose queue has no room for `adding`
 * more, with a Retry-After of about one job's duration (`perJob` seconds; null: not known yet).
 */
export function queueFullError(room: {
  held: number;
  adding: number;
  limit: number;
  perJob: number | null;
}): AppError {
  const { held, adding, limit } = room;
  return new AppError('RATE_LIMIT_EXCEEDED', {
    details: { reason: 'personal queue full', held, adding, limit },
    headers: {
      'retry-after': String(Math.max(1, Math.ceil(room.perJob ?? DEFAULT_RETRY_AFTER_S))),
    },
  });
}

/**
 * Refuses a job beyond the person's limit (queueFullError). Takes a transaction-scoped lock on
 * the person before counting, so two concurrent requests cannot both see room for the last
 * place; the lock is released at commit, after the new rows are visible. Answers whether the
 * person has premium access, which it had to look up for their limit. The retry path's check; a
 * submit checks its room inside its own statement (submit-queued.ts), under the same lock.
 */
export async function assertQueueRoom(options: {
  tx: DbHandle;
  userId: string;
  adding: number;
  limits: QueueLimits;
  backend: string;
}): Promise<{ premium: boolean }> {
  const { tx, userId, adding } = options;
  // generation_queue_held (migration 0014) takes the transaction-scoped lock, then counts with a
  // snapshot from after the lock: one round trip. Premium needs no such ordering.
  const answer = await tx.execute(
    sql`select generation_queue_held(${userId}) as count, ${premiumAccessExists(tx, userId, new Date())} as premium`,
  );
  // Both drivers answer { rows }; the columns are read by name, unmapped.
  const [room] = (answer as unknown as { rows: RoomRow[] }).rows;
  const premium = room?.premium ?? false;
  const held = room?.count ?? 0;
  const limit = premium ? options.limits.premium : options.limits.free;
  if (held + adding <= limit) return { premium };
  const perJob = await recentJobSeconds(tx, options.backend);
  throw queueFullError({ held, adding, limit, perJob });
}
