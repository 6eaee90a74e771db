import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { lockPersonQueue, readQueueStanding, type QueueStanding } from './repository/person-queue';
import { findRecentJobSeconds } from './repository/queue-place';

/** How many unfinished (queued or running) jobs one person may hold: fairness in a shared queue. */
export interface QueueLimits {
  free: number;
  premium: number;
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
 * Refuses `adding` jobs beyond the person's limit with queueFullError. `standing` was read under
 * the person's queue lock (readQueueStanding), so the count cannot change before the rows go in.
 */
export async function assertRoomInQueue(options: {
  tx: DbHandle;
  standing: QueueStanding;
  adding: number;
  limits: QueueLimits;
  /** The catalog model submitted to: the Retry-After is about one of its jobs. */
  model: string;
}): Promise<void> {
  const { tx, adding } = options;
  const { held, premium } = options.standing;
  const limit = premium ? options.limits.premium : options.limits.free;
  if (held + adding <= limit) return;
  const perJob = await findRecentJobSeconds(tx, options.model);
  throw queueFullError({ held, adding, limit, perJob });
}

/**
 * Locks the person's queue, then refuses a job beyond their limit (the retry's check; a submit
 * makes the same steps and also looks up its Idempotency-Key). Answers whether the person has
 * premium access, which their limit depends on.
 */
export async function assertQueueRoom(options: {
  tx: DbHandle;
  userId: string;
  adding: number;
  limits: QueueLimits;
  model: string;
}): Promise<{ premium: boolean }> {
  await lockPersonQueue(options.tx, options.userId);
  const standing = await readQueueStanding(options.tx, options.userId);
  await assertRoomInQueue({ ...options, standing });
  return { premium: standing.premium };
}
