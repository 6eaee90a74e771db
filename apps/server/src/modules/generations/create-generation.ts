import { randomInt, randomUUID } from 'node:crypto';
import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import { SEED_MAX, seedForImage } from '@nocturne/contract/generations/generation-options';
import { and, asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { AppError } from '../../lib/app-error';
import type { UnitOfWork } from '../realtime/create-unit-of-work';
import { debitGenerationRun } from './generation-charge';
import type { GenerationRow } from './generation-row';
import { queueFullError, type QueueLimits } from './queue-room';
import { secondsOf, type QueueEstimateContext } from './queue-wait-estimate';
import { submitQueued, type QueuedSubmit, type SubmitAnswer } from './submit-queued';

/** How the submit path sees the queue: its limits per person and how to estimate waits. */
export interface GenerationQueueSettings extends QueueEstimateContext {
  limits: QueueLimits;
}

export interface CreateGenerationOptions {
  /**
   * A premium submit is one autocommitted statement (unitOfWork.statement); a free one a
   * transaction, whose rows and debit go in together or not at all.
   */
  unitOfWork: UnitOfWork;
  userId: string;
  /** The validated body of POST /generate (contract defaults applied). */
  request: CreateGenerationRequest;
  queue: GenerationQueueSettings;
  idempotencyKey?: string;
  /**
   * Test seam: runs inside the free submit's transaction after each step, to prove that a failure
   * undoes all.
   */
  afterStep?: (step: 'row' | 'debit') => Promise<void> | void;
}

export interface CreateGenerationResult {
  /** One row per image, in image order; all share one request id. */
  images: GenerationRow[];
  /** False when an earlier submit with the same Idempotency-Key is answered again. */
  created: boolean;
}

async function submitImages(db: DbHandle, userId: string, requestId: string) {
  return db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.requestId, requestId)))
    .orderBy(asc(generations.imageIndex));
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

function queuedSubmit(options: CreateGenerationOptions): QueuedSubmit {
  const { request } = options;
  const firstSeed = request.seed ?? randomInt(0, SEED_MAX + 1);
  return {
    userId: options.userId,
    requestId: randomUUID(),
    idempotencyKey: options.idempotencyKey ?? null,
    ids: Array.from({ length: request.image_count }, () => randomUUID()),
    seeds: Array.from({ length: request.image_count }, (_, index) =>
      seedForImage(firstSeed, index),
    ),
    sourcePrompt: request.source_prompt,
    contentPrompt: request.content_prompt,
    negativePrompt: request.negative_prompt,
    aspectRatio: request.aspect_ratio,
    quality: request.quality,
    style: request.style,
    limits: options.queue.limits,
    backend: options.queue.backend,
  };
}

/**
 * What a submit statement that inserted nothing means: the earlier submit under the key answered
 * again, or a full queue (429); undefined when only premium access was missing (the free
 * person's transaction then locks, counts and looks the key up itself).
 */
async function notAdmitted(
  db: DbHandle,
  answer: SubmitAnswer,
  options: CreateGenerationOptions,
): Promise<CreateGenerationResult | undefined> {
  const { userId, request } = options;
  if (answer.earlierRequestId) {
    const earlier = await submitImages(db, userId, answer.earlierRequestId);
    return { images: sameRequest(earlier, request), created: false };
  }
  // Not counted: a free person in the premium-only form, whose transaction looks again.
  if (answer.held === null) return undefined;
  const { limits } = options.queue;
  const limit = answer.premium ? limits.premium : limits.free;
  if (answer.held + request.image_count > limit) {
    throw queueFullError({
      held: answer.held,
      adding: request.image_count,
      limit,
      perJob: secondsOf(answer.seconds),
    });
  }
  return undefined;
}

/**
 * POST /generate, after the route screened the prompt (app.moderation.screen: 18+, suspension,
 * content rules, so a refused prompt costs nothing): the room check of the person's queue, a
 * queued row per image, the worker wake-up and (free) a debit of one credit per image with its
 * ledger row. A premium submit is all of it in one autocommitted statement (decision 038). When
 * that statement finds no premium access, the same statement runs again inside a transaction
 * with the debit: a short balance throws INSUFFICIENT_CREDITS and the whole transaction, rows
 * included, rolls back, so N images are paid for together or not at all. Each image is its own
 * job, refunded alone if it fails. No `queued` update is published: the request id is new, so
 * nobody is in its channel yet; the join's snapshot carries the place (readGenerationSnapshot).
 */
export async function createGeneration(
  options: CreateGenerationOptions,
): Promise<CreateGenerationResult> {
  const { unitOfWork, userId } = options;
  const submit = queuedSubmit(options);
  const premium = await unitOfWork.statement(async (db) => {
    const answer = await submitQueued(db, submit, { premiumOnly: true });
    if (answer.rows.length > 0) return { images: answer.rows, created: true };
    return notAdmitted(db, answer, options);
  });
  if (premium) return premium;
  return unitOfWork.transaction(async (tx, events) => {
    const answer = await submitQueued(tx, submit, { premiumOnly: false });
    if (answer.rows.length === 0) {
      const earlier = await notAdmitted(tx, answer, options);
      if (!earlier) throw new Error('a submit with room was not admitted');
      return earlier;
    }
    await options.afterStep?.('row');
    // Premium access granted since the first statement: not charged, first in line.
    if (!answer.premium) {
      for (const image of answer.rows) {
        await debitGenerationRun({ tx, events, userId, generationId: image.id, retryCount: 0 });
      }
    }
    await options.afterStep?.('debit');
    return { images: answer.rows, created: true };
  });
}
