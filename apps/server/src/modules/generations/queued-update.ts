import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { DbHandle } from '../../db/database';
import { imageOf, type GenerationRow } from './generation-row';
import { queuePlace, type QueueEstimateContext } from './queue-wait-estimate';
import { countQueuedAhead, findRecentJobSeconds } from './repository/queue-place';

/**
 * The `update` each image gets whenever it re-enters the queue: its place and wait. `rows` are
 * queued images of one submit in image order: they sit next to each other in the claim order
 * (same priority and submit time, then image index), so image i is i places after the first.
 */
export async function queuedUpdates(
  tx: DbHandle,
  rows: GenerationRow[],
  queue: QueueEstimateContext,
): Promise<RealtimeEvent[]> {
  const [first] = rows;
  if (!first) return [];
  const ahead = await countQueuedAhead(tx, first.id);
  const perJob = await findRecentJobSeconds(tx, first.model);
  return rows.map((row, offset) => ({
    channel: channels.generation(row.requestId),
    event: 'update',
    payload: {
      ...imageOf(row),
      status: 'queued',
      ...queuePlace(ahead + offset, perJob, queue.concurrency),
    },
  }));
}
