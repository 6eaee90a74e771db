import { randomInt, randomUUID } from 'node:crypto';
import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import { SEED_MAX, seedForImage } from '@nocturne/contract/generations/generation-options';
import { and, asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { AppError } from '../../lib/app-error';
import type { RealtimeEvents } from '../realtime/create-unit-of-work';
import { debitGenerationRun } from './generation-charge';
import type { GenerationRow } from './generation-row';
import { assertQueueRoom, type QueueLimits } from './queue-room';
import { insertQueued } from './insert-queued';
import { submitUnderKey } from './submit-under-key';
import { placedUpdates, queuedUpdates } from './queued-update';
import { secondsOf, type QueueEstimateContext } from './queue-wait-estimate';

type NewGeneration = typeof generations.$inferInsert;

/** How the submit path sees the queue: its limits per person and how to estimate waits. */
export interface GenerationQueueSettings extends QueueEstimateContext {
  limits: QueueLimits;
}

export interface CreateGenerationOptions {
  /**
   * The unit of work's transaction, which the service works in directly: a savepoint of its own
   * cost the submit two round trips (SAVEPOINT, RELEASE) before the workers could see the job.
   * Its advisory lock and its all-or-nothing debit need a transaction around it.
   */
  db: DbHandle;
  /** Gets `credit_updated` (when charged) and each image's `queued` update with its place. */
  events: RealtimeEvents;
  userId: string;
  /** The validated body of POST /generate (contract defaults applied). */
  request: CreateGenerationRequest;
  queue: GenerationQueueSettings;
  idempotencyKey?: string;
  /** Test seam: runs inside the transaction after each step, to prove a failure undoes all. */
  afterStep?: (step: 'row' | 'debit') => Promise<void> | void;
}

export interface CreateGenerationResult {
  /** One row per image, in image order; all share one request id. */
  images: GenerationRow[];
  /** False when an earlier submit with the same Idempotency-Key is answered again. */
  created: boolean;
}

async function submitImages(tx: DbHandle, userId: string, requestId: string) {
  return tx
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.requestId, requestId)))
    .orderBy(asc(generations.imageIndex));
}

async function findSubmitByKey(tx: DbHandle, userId: string, key: string) {
  const [first] = await submitUnderKey(tx, userId, key);
  return first ? submitImages(tx, userId, first.requestId) : undefined;
}

/**
 * A key answers again only the request it was first used for; the same key with another body is
 * a client bug, and replaying the first answer would hide it.
 */
function sameRequest(earlier: GenerationRow[], request: CreateGenerationRequest): GenerationRow[] {
  const [first] = earlier;
  const same =
    first !== undefined &&
    first.sourcePrompt === request.source_prompt &&
    first.contentPrompt === request.content_prompt &&
    first.negativePrompt === request.negative_prompt &&
    first.aspectRatio === request.aspect_ratio &&
    first.quality === request.quality &&
    first.style === request.style &&
    first.imageCount === request.image_count &&
    (request.seed === undefined || first.seed === request.seed);
  if (!same) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'This Idempotency-Key was already used for a different request.',
    });
  }
  return earlier;
}

/** Image 0 (its key may meet an earlier submit's: then nothing is inserted), then the rest. */
async function insertInTwo(tx: DbHandle, values: NewGeneration[]): Promise<GenerationRow[]> {
  const [first] = await tx
    .insert(generations)
    .values(values.slice(0, 1))
    .onConflictDoNothing()
    .returning();
  if (!first) return [];
  const rest = await tx.insert(generations).values(values.slice(1)).returning();
  return [first, ...rest];
}

/**
 * POST /generate, after the route screened the prompt (app.moderation.screen: 18+, suspension,
 * content rules, so a refused prompt costs nothing): in ONE transaction the room check of the
 * person's queue, a queued row per image, a debit of one credit per image with its ledger row,
 * and the worker wake-up. A short balance throws INSUFFICIENT_CREDITS and the whole transaction,
 * rows included, rolls back: N images are paid for together or not at all. Each image is its own
 * job, refunded alone if it fails.
 */
export async function createGeneration(
  options: CreateGenerationOptions,
): Promise<CreateGenerationResult> {
  const { db: tx, events, userId, idempotencyKey, request } = options;
  const room = await assertQueueRoom({
    tx,
    userId,
    adding: request.image_count,
    limits: options.queue.limits,
    backend: options.queue.backend,
    idempotencyKey,
  });
  if (room.earlierRequestId) {
    const earlier = await submitImages(tx, userId, room.earlierRequestId);
    return { images: sameRequest(earlier, request), created: false };
  }
  const { premium } = room;
  const requestId = randomUUID();
  const firstSeed = request.seed ?? randomInt(0, SEED_MAX + 1);
  const values: NewGeneration[] = Array.from({ length: request.image_count }, (_, index) => ({
    id: randomUUID(),
    requestId,
    userId,
    imageIndex: index,
    imageCount: request.image_count,
    sourcePrompt: request.source_prompt,
    contentPrompt: request.content_prompt,
    negativePrompt: request.negative_prompt,
    seed: seedForImage(firstSeed, index),
    aspectRatio: request.aspect_ratio,
    quality: request.quality,
    style: request.style,
    // Premium users are never charged and are served first (ARCHITECTURE.md: Queue).
    priority: premium ? 1 : 0,
    // The key marks the submit once, on its first image.
    idempotencyKey: index === 0 ? (idempotencyKey ?? null) : null,
  }));
  // ON CONFLICT: a concurrent twin with the same key waits for the first to commit, then
  // inserts nothing for image 0; the earlier submit is then answered instead. Several images
  // under a key go in two inserts, so that a conflict on image 0 cannot leave the others in.
  const placed =
    idempotencyKey && values.length > 1
      ? undefined
      : await insertQueued(tx, values, {
          backend: options.queue.backend,
          onConflictDoNothing: idempotencyKey !== undefined,
        });
  const images = placed ? placed.rows : await insertInTwo(tx, values);
  if (images.length === 0) {
    const earlier = await findSubmitByKey(tx, userId, idempotencyKey ?? '');
    if (!earlier) throw new Error('idempotency conflict without a row');
    return { images: sameRequest(earlier, request), created: false };
  }
  await options.afterStep?.('row');
  if (!premium) {
    for (const image of images) {
      await debitGenerationRun({ tx, events, userId, generationId: image.id, retryCount: 0 });
    }
  }
  await options.afterStep?.('debit');
  const queued = placed
    ? placedUpdates(images, placed.ahead, secondsOf(placed.seconds), options.queue)
    : await queuedUpdates(tx, images, options.queue, { wakeWorkers: true });
  for (const event of queued) events.add(event);
  return { images, created: true };
}
