import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { countSubmittedImages } from '../process-metrics/process-metrics';
import { creditCostOf } from '../models/choose-submit-model';
import type { SubmitModels } from '../models/app-models';
import { assertLorasAllowed, type ChosenLora } from '../models/model-loras';
import type { PromptPlan } from './batch-prompts';
import { debitGenerationRun } from './generation-charge';
import type { Derivation } from './derivation';
import type { GenerationRow } from './generation-row';
import { assertRoomInQueue, type QueueLimits } from './queue-room';
import type { QueueEstimateContext } from './queue-wait-estimate';
import { lockPersonQueue, readQueueStanding } from './repository/person-queue';
import { insertInpaintMasks } from './repository/inpaint-masks';
import { findSubmitImages, insertSubmitImages } from './repository/submit-rows';
import { sameRequest } from './same-request';
import { imagesOf } from './submit-images';

/** How the submit path sees the queue: its models, its limits per person, how to estimate waits. */
export interface GenerationQueueSettings extends QueueEstimateContext {
  limits: QueueLimits;
  models: SubmitModels;
}

export interface CreateGenerationOptions {
  /** The submit is one transaction; its `credit_updated` leaves after the commit. */
  unitOfWork: UnitOfWork;
  userId: string;
  /** The validated body of POST /generate (contract defaults applied). */
  request: CreateGenerationRequest;
  queue: GenerationQueueSettings;
  idempotencyKey?: string;
  /** A variation or upscale of one of the person's results (derivation.ts); absent: a prompt. */
  derivation?: Derivation;
  /** The images' seeds and prompts, as the submit screened them: stored as they are. */
  plan: PromptPlan;
  /** The catalog LoRAs of the request (model-loras.ts chooseLoras); absent: none. */
  loras?: readonly ChosenLora[];
  /** An inpaint's mask (PNG), kept with its row for the worker; absent for every other kind. */
  mask?: Buffer;
  /** The reference image a character of the prompt holds, kept on each row; absent: none. */
  referenceGenerationId?: string;
}

export interface CreateGenerationResult {
  /** One row per image, in image order; all share one request id. */
  images: GenerationRow[];
  /** False when an earlier submit with the same Idempotency-Key is answered again. */
  created: boolean;
}

/**
 * The enqueue step of a new submit (submit-generation.ts: a prompt, a variation or an upscale),
 * after the plan's prompts were screened (18+, suspension, content rules, so a refused prompt
 * costs nothing). One transaction, for premium and free alike:
 *
 * 1. lock the person's queue, so their concurrent submits take turns;
 * 2. read their standing: premium or not, their held jobs, their earlier submit under the
 *    Idempotency-Key (one statement), and answer that earlier submit again if there is one;
 * 3. choose the model: the plan's default, or the one asked for if it exists, suits the plan and
 *    a live worker serves it (UNKNOWN_MODEL, MODEL_REQUIRES_PREMIUM, MODEL_UNAVAILABLE), and
 *    refuse a premium LoRA to a person without premium (LORA_REQUIRES_PREMIUM);
 * 4. refuse a submit beyond the person's limit (429 with Retry-After);
 * 5. insert a queued row per image, which wakes the workers at commit (migration 0030), and an
 *    inpaint's mask beside it;
 * 6. debit the model's credit cost per image (a variation's or an inpaint's variation cost, an
 *    upscale's upscale cost) unless premium or free of cost: a short balance throws
 *    INSUFFICIENT_CREDITS and the rows roll back with it, so N images are paid for together or
 *    not at all.
 *
 * Each image is its own job, refunded alone if it fails. No `queued` update is published: the
 * request id is new, so nobody is in its channel yet; the join's snapshot carries the place.
 */
export async function createGeneration(
  options: CreateGenerationOptions,
): Promise<CreateGenerationResult> {
  const { unitOfWork, userId, idempotencyKey, queue } = options;
  return unitOfWork.transaction(async (tx, events) => {
    await lockPersonQueue(tx, userId);
    const standing = await readQueueStanding(tx, userId, idempotencyKey);
    if (standing.earlierRequestId) {
      const earlier = await findSubmitImages(tx, userId, standing.earlierRequestId);
      return { images: sameRequest(earlier, options.request, options.derivation), created: false };
    }
    const { premium } = standing;
    const model = await queue.models.choose(tx, options.request.model, premium, options.loras);
    assertLorasAllowed(options.loras ?? [], premium);
    const adding = options.request.image_count;
    await assertRoomInQueue({ tx, standing, adding, limits: queue.limits, model: model.id });
    const images = await insertSubmitImages(tx, imagesOf(options, premium, model));
    if (options.mask) await insertInpaintMasks(tx, images, options.mask);
    events.afterCommit?.(() => countSubmittedImages(model.id, premium, images.length));
    for (const image of images) {
      await debitGenerationRun({
        tx,
        events,
        userId,
        generationId: image.id,
        retryCount: 0,
        amount: creditCostOf(
          model,
          options.derivation?.kind ?? 'generate',
          options.derivation?.upscaleFactor,
        ),
      });
    }
    return { images, created: true };
  });
}
