import {
  createGenerationRequestSchema,
  type CreateGenerationRequest,
} from '@nocturne/contract/generations/create-generation';
import type { AppDb } from '../src/db/database';
import { planBatchPrompts } from '../src/modules/generations/batch-prompts';
import {
  createGeneration,
  type CreateGenerationOptions,
  type GenerationQueueSettings,
} from '../src/modules/generations/create-generation';
import type { GenerationRow } from '../src/modules/generations/generation-row';
import { silentUnitOfWork } from './silent-unit-of-work';
import { TEST_SUBMIT_MODELS } from './test-models';

/** A POST /generate body as the route hands it to the service: parsed, defaults applied. */
export function generationRequest(
  body: Partial<Record<keyof CreateGenerationRequest, unknown>> = {},
): CreateGenerationRequest {
  return createGenerationRequestSchema.parse({ content_prompt: 'a moonlit owl', ...body });
}

/** Queue settings for services called directly: limits out of the way unless a test sets them. */
export const TEST_QUEUE: GenerationQueueSettings = {
  limits: { free: 1000, premium: 1000 },
  concurrency: 1,
  models: TEST_SUBMIT_MODELS,
};

/** The enqueue step of a submit called directly, its plan drawn from the request. */
export function enqueuePrompt(options: Omit<CreateGenerationOptions, 'plan'>) {
  return createGeneration({ ...options, plan: planBatchPrompts(options.request) });
}

/** Submits one image straight through the service (no HTTP) and answers its row. */
export async function submitOneImage(
  db: AppDb,
  userId: string,
  body: Partial<Record<keyof CreateGenerationRequest, unknown>> = {},
): Promise<GenerationRow> {
  const {
    images: [generation],
  } = await enqueuePrompt({
    unitOfWork: silentUnitOfWork(db),
    userId,
    request: generationRequest(body),
    queue: TEST_QUEUE,
  });
  if (!generation) throw new Error('no image row');
  return generation;
}

/** A submit of `imageCount` owls with fixed options (seed 100) through the service, `key` given. */
export function submitOwls(
  db: AppDb,
  userId: string,
  options: { imageCount?: number; key?: string; queue: GenerationQueueSettings },
) {
  return enqueuePrompt({
    unitOfWork: silentUnitOfWork(db),
    userId,
    request: generationRequest({
      source_prompt: 'an owl',
      content_prompt: 'a moonlit owl',
      negative_prompt: 'blur',
      aspect_ratio: '16:9',
      quality: 'best',
      seed: 100,
      image_count: options.imageCount ?? 1,
    }),
    queue: options.queue,
    idempotencyKey: options.key,
  });
}
