import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { DbHandle } from '../../db/database';
import type { GenerationRow } from './generation-row';
import { getQueuePosition } from './get-queue-position';
import { estimateWaitSeconds, type QueueEstimateContext } from './queue-wait-estimate';

/** The `update` a generation gets whenever it (re-)enters the queue: its place and wait. */
export async function queuedUpdate(
  tx: DbHandle,
  row: GenerationRow,
  queue: QueueEstimateContext,
): Promise<RealtimeEvent> {
  const position = await getQueuePosition(tx, row);
  return {
    channel: channels.generation(row.requestId),
    event: 'update',
    payload: {
      request_id: row.requestId,
      generation_id: row.id,
      image_index: row.imageIndex,
      status: 'queued',
      queue_position: position,
      estimated_wait_s: await estimateWaitSeconds(tx, position, queue),
    },
  };
}
