import {
  createGenerationResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  type CreateGenerationRequest,
  type CreateGenerationResponse,
} from '@nocturne/contract/generations/create-generation';
import { REQUEST_MAX_RETRIES } from '@nocturne/contract/constants';
import { api, isApiError, retryDelayMs } from '../../../lib/api-client';

export interface CreateGenerationInput {
  prompt: string;
  /** One per user submit; automatic retries of that submit reuse it so it is charged once. */
  idempotencyKey: string;
  signal: AbortSignal;
}

/** `POST /api/v1/generate` (cancellable, spec §7): source_prompt is sent empty. */
export async function createGeneration({
  prompt,
  idempotencyKey,
  signal,
}: CreateGenerationInput): Promise<CreateGenerationResponse> {
  const body: CreateGenerationRequest = { source_prompt: '', content_prompt: prompt.trim() };
  const answer = await api.postCancellable<unknown>('/generate', body, signal, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return createGenerationResponseSchema.parse(answer);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * The cancellable POST has no retry of its own (the caller owns cancellation); retryable failures
 * (network, 5xx, 429) are retried here with the spec §9 back-off and the same Idempotency-Key.
 */
export async function createGenerationWithRetry(
  input: CreateGenerationInput,
  random: () => number = Math.random,
): Promise<CreateGenerationResponse> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await createGeneration(input);
    } catch (error) {
      const retryable = isApiError(error) && error.retryable;
      if (input.signal.aborted || !retryable || attempt >= REQUEST_MAX_RETRIES) throw error;
      await abortableSleep(retryDelayMs(attempt, random), input.signal);
      if (input.signal.aborted) throw error;
    }
  }
}
