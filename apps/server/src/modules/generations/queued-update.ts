import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { DbHandle } from '../../db/database';
import type { GenerationRow } from './generation-row';
import { getQueuePosition } from './get-queue-position';

/** The `update` a generation gets whenever it (re-)enters the queue, with its place in it. */
export async function queuedUpdate(tx: DbHandle, row: GenerationRow): Promise<RealtimeEvent> {
  return {
    channel: channels.generation(row.requestId),
    event: 'update',
    payload: {
      request_id: row.requestId,
      status: 'queued',
      queue_position: await getQueuePosition(tx, row),
    },
  };
}
