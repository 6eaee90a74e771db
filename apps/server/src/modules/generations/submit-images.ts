import { randomUUID } from 'node:crypto';
import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import { seedForImage } from '@nocturne/contract/generations/generation-options';
import type { ChosenLora } from '../models/model-loras';
import type { SubmitModel } from '../models/model-types';
import type { PromptPlan } from './batch-prompts';
import type { Derivation } from './derivation';
import type { NewSubmitImage } from './repository/submit-rows';

/** What a submit's rows are made of (createGeneration's options). */
export interface SubmitImagesInput {
  userId: string;
  request: CreateGenerationRequest;
  plan: PromptPlan;
  idempotencyKey?: string;
  derivation?: Derivation;
  loras?: readonly ChosenLora[];
  /** The reference image a character of the prompt holds (characters module); absent: none. */
  referenceGenerationId?: string;
}

/**
 * One row per image: a shared request id, consecutive seeds, each image's prompt (its choices
 * expanded by its seed), the key on the first image.
 */
export function imagesOf(
  options: SubmitImagesInput,
  premium: boolean,
  model: SubmitModel,
): NewSubmitImage[] {
  const { request, userId } = options;
  const requestId = randomUUID();
  const { firstSeed, prompts } = options.plan;
  return Array.from({ length: request.image_count }, (_, imageIndex) => ({
    id: randomUUID(),
    requestId,
    userId,
    imageIndex,
    imageCount: request.image_count,
    sourcePrompt: request.source_prompt,
    contentPrompt: request.content_prompt,
    expandedPrompt: prompts[imageIndex] ?? null,
    negativePrompt: request.negative_prompt,
    seed: seedForImage(firstSeed, imageIndex),
    seedChosen: request.seed !== undefined,
    aspectRatio: request.aspect_ratio,
    quality: request.quality,
    style: request.style,
    model: model.id,
    loras: (options.loras ?? []).map(({ id, name, file, weight }) => ({ id, name, file, weight })),
    referenceGenerationId: options.referenceGenerationId ?? null,
    // Premium users are never charged and are served first (docs/architecture.md#the-queue).
    priority: premium ? 1 : 0,
    idempotencyKey: imageIndex === 0 ? (options.idempotencyKey ?? null) : null,
    ...options.derivation,
  }));
}
