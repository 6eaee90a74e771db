import {
  createGenerationRequestSchema,
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CreateGenerationResponse,
} from '@nocturne/contract/generations/create-generation';
import { request } from '../../../lib/api-client';
import type { GenerationRequestOptions } from '../types';

export interface CreateGenerationInput {
  prompt: string;
  options: GenerationRequestOptions;
  /** One per user submit; automatic retries of that submit reuse it so it is charged once. */
  idempotencyKey: string;
  signal: AbortSignal;
}

/**
 * `POST /api/v1/generate`, cancellable and retried with the spec §9 back-off under the same
 * Idempotency-Key; the contract schema trims the prompt, and source_prompt is sent empty (spec §3).
 */
export async function createGeneration({
  prompt,
  options,
  idempotencyKey,
  signal,
}: CreateGenerationInput): Promise<CreateGenerationResponse> {
  return request({
    method: 'POST',
    path: '/generate',
    body: { schema: createGenerationRequestSchema, value: { ...options, content_prompt: prompt } },
    signal,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: createGenerationResponseSchema,
  });
}
