import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { imageOf, type GenerationRow } from './generation-row';
import { queuedAheadOf } from './queued-ahead-of';
import { wakeWorkersCall } from './generation-queue-signal';
import {
  recentJobSecondsQuery,
  secondsOf,
  queuePlace,
  type QueueEstimateContext,
} from './queue-wait-estimate';

interface PlaceRow {
  ahead: number | string | null;
  seconds: number | string | null;
}

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
  options: { wakeWorkers?: boolean } = {},
): Promise<RealtimeEvent[]> {
  const [first] = rows;
  if (!first) return [];
  // One statement for the place, the recent duration and (a submit's) worker wake-up: each is a
  // round trip of the submit's transaction otherwise, before the workers can see the job.
  const wake = options.wakeWorkers ? sql`, ${wakeWorkersCall()}` : sql``;
  const answer = await tx.execute(
    sql`select (${queuedAheadOf(tx, first)}) as ahead, (${recentJobSecondsQuery(tx, queue.backend)}) as seconds${wake}`,
  );
  // Both drivers answer { rows }; the columns are read by name, unmapped.
  const [place] = (answer as unknown as { rows: PlaceRow[] }).rows;
  return placedUpdates(rows, Number(place?.ahead ?? 0), secondsOf(place?.seconds), queue);
}

/**
 * The `queued` updates of one submit's images in image order, the first having `ahead` queued
 * jobs before it and the others following it directly; `perJob`: the recent mean duration.
 */
function placedUpdates(
  rows: GenerationRow[],
  ahead: number,
  perJob: number | null,
  queue: QueueEstimateContext,
): RealtimeEvent[] {
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
