import type { Generation } from '@nocturne/contract/generations/generation';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import type { DbHandle } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import { toGeneration } from './generation-row';
import { queuePlace, type QueueEstimateContext } from './queue-wait-estimate';
import { countQueuedAhead, findRecentJobSeconds } from './repository/queue-place';
import { findOwnedGenerationWithSaved } from './repository/read-generations';
import { AppError } from '../../lib/app-error';

/**
 * One generation as the API shows it: GET /generations/{id}'s answer, and the snapshot a join of
 * generation:{request_id} carries (the same read, so the two cannot drift apart). NOT_FOUND for
 * another user's or a missing one, exactly like getOwnedGeneration.
 */
export async function readOwnedGeneration(options: {
  db: DbHandle;
  userId: string;
  id: string;
  urlFor: ImageStore['urlFor'];
}): Promise<Generation> {
  const { db, userId, id } = options;
  const found = await findOwnedGenerationWithSaved(db, { userId, id });
  if (!found) throw new AppError('NOT_FOUND');
  return toGeneration(found.row, found.saved, options.urlFor);
}

/**
 * The snapshot a join of generation:{request_id} carries: readOwnedGeneration's answer for the
 * request's first image and, while it is queued, its place and wait (as a `queued` update would
 * say them). A fresh submit has no other report of its place: its request id is new, so nobody
 * can have been in its channel when it was queued.
 */
export async function readGenerationSnapshot(options: {
  db: DbHandle;
  userId: string;
  requestId: string;
  urlFor: ImageStore['urlFor'];
  queue: QueueEstimateContext;
}): Promise<GenerationSnapshot> {
  const { db, userId, requestId, queue } = options;
  const generation = await readOwnedGeneration({
    db,
    userId,
    id: requestId,
    urlFor: options.urlFor,
  });
  if (generation.status !== 'queued') return generation;
  const ahead = await countQueuedAhead(db, generation.id);
  const perJob = await findRecentJobSeconds(db, generation.model);
  return { ...generation, ...queuePlace(ahead, perJob, queue.concurrency) };
}
