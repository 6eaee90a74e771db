import type { CancelGenerationResponse } from '@nocturne/contract/generations/cancel-generation';
import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { refundGenerationRun } from './generation-charge';
import { imageOf } from './generation-row';
import { getOwnedGeneration } from './get-owned-generation';
import { cancelUnfinishedJobs } from './repository/finish-jobs';
import { notifyGenerationCancelled } from './repository/queue-signals';

/**
 * POST /generations/{id}/cancel. A request id cancels every unfinished image of its submit; a
 * generation id that one image. Each image still queued or running ends `failed` with the reason
 * 'Cancelled' and its run is refunded, in one transaction; a running one is then stopped by its
 * worker (NOTIFY at commit). The status change is guarded by the status, and the worker's own
 * completion by holding the job, so when both race exactly one wins, and the refund is keyed:
 * never refunded twice, never both refunded and delivered. Nothing unfinished: 422.
 */
export async function cancelGeneration(options: {
  db: DbHandle;
  /** Gets the failed `update`/`result` of each image and the refund's `credit_updated`. */
  events: RealtimeEvents;
  userId: string;
  id: string;
}): Promise<CancelGenerationResponse> {
  const { db, events, userId, id } = options;
  return db.transaction(async (tx) => {
    const named = await getOwnedGeneration({ tx, userId, id });
    // A request id names the whole submit; a generation id one image.
    const target = named.id === id ? { id } : { requestId: named.requestId };
    const cancelled = await cancelUnfinishedJobs(tx, {
      userId,
      reason: CANCELLED_REASON,
      ...target,
    });
    if (cancelled.length === 0) throw new AppError('GENERATION_ALREADY_FINISHED');
    let refunded = 0;
    for (const row of cancelled) {
      const channel = channels.generation(row.requestId);
      const base = { ...imageOf(row), status: 'failed' as const, error: CANCELLED_REASON };
      events.add({ channel, event: 'update', payload: base });
      events.add({
        channel,
        event: 'result',
        payload: { ...base, seed: row.seed, result_base64: null, result_image_url: null },
      });
      const refund = await refundGenerationRun({
        tx,
        events,
        userId,
        generationId: row.id,
        retryCount: row.retryCount,
      });
      refunded += refund.refunded;
      await notifyGenerationCancelled(tx, row.id);
    }
    return { cancelled: cancelled.length, refunded };
  });
}
