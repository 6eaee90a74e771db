import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { DbHandle } from '../../db/database';
import { imageOf, type GenerationRow } from './generation-row';
import { getQueuePosition } from './get-queue-position';
import { recentJobSeconds, waitSeconds, type QueueEstimateContext } from './queue-wait-estimate';

/**
 * The `update` each image gets whenever it (re-)enters the queue: its place and wait. `rows` are
 * queued images of one submit in image order: they sit next to each other in the claim order
 * (same priority and submit time, then image index), so image i is i places after the first,
 * and the place and the recent job duration are each read once.
 */
export async function queuedUpdates(
  tx: DbHandle,
  rows: GenerationRow[],
  queue: QueueEstimateContext,
): Promise<RealtimeEvent[]> {
  const [first] = rows;
  if (!first) return [];
  const firstPosition = await getQueuePosition(tx, first);
  const perJob = await recentJobSeconds(tx, queue.backend);
  return rows.map((row, offset) => {
    const position = firstPosition + offset;
    return {
      channel: channels.generation(row.requestId),
      event: 'update',
      payload: {
        ...imageOf(row),
        status: 'queued',
        queue_position: position,
        estimated_wait_s: waitSeconds(position, perJob, queue.concurrency),
      },
    };
  });
}
