import {
  createGenerationRequestSchema,
  type CreateGenerationRequest,
} from '@nocturne/contract/generations/create-generation';
import type { GenerationQueueSettings } from '../src/modules/generations/create-generation';

/** A POST /generate body as the route hands it to the service: parsed, defaults applied. */
export function generationRequest(
  body: Partial<Record<keyof CreateGenerationRequest, unknown>> = {},
): CreateGenerationRequest {
  return createGenerationRequestSchema.parse({ content_prompt: 'a moonlit owl', ...body });
}

/** Queue settings for services called directly: limits out of the way unless a test sets them. */
export const TEST_QUEUE: GenerationQueueSettings = {
  limits: { free: 1000, premium: 1000 },
  backend: 'fake:test',
  concurrency: 1,
};
