import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { countHeldJobs, lockPersonQueue } from './repository/person-queue';
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
 * Refuses `adding` jobs beyond the person's limit with queueFullError. The caller holds the
 * person's queue lock (lockPersonQueue), so the count cannot change before its rows go in.
 */
export async function assertRoomInQueue(options: {
  tx: DbHandle;
  userId: string;
  adding: number;
  premium: boolean;
  limits: QueueLimits;
  backend: string;
}): Promise<void> {
  const { tx, userId, adding } = options;
  const held = await countHeldJobs(tx, userId);
  const limit = options.premium ? options.limits.premium : options.limits.free;
  if (held + adding <= limit) return;
  const perJob = await findRecentJobSeconds(tx, options.backend);
  throw queueFullError({ held, adding, limit, perJob });
}

/**
 * Locks the person's queue, then refuses a job beyond their limit (the retry's check; a submit
 * makes the same steps with its key lookup between them). Answers whether the person has
 * premium access, which their limit depends on.
 */
export async function assertQueueRoom(options: {
  tx: DbHandle;
  userId: string;
  adding: number;
  limits: QueueLimits;
  backend: string;
}): Promise<{ premium: boolean }> {
  await lockPersonQueue(options.tx, options.userId);
  const premium = await hasPremiumAccess({ tx: options.tx, userId: options.userId });
  await assertRoomInQueue({ ...options, premium });
  return { premium };
}
