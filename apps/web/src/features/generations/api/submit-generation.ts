import type { CreateGenerationResponse } from '@nocturne/contract/generations/create-generation';
import type { DeriveRequest, GenerationRequestOptions } from '../types';
import { createGeneration } from './create-generation';
import { deriveGeneration } from './derive-generation';

/** One attempt of the generation flow, as its submit mutation sends it. */
export interface GenerationSubmit {
  /** The flow's attempt this submit belongs to: its answer reaches only that attempt. */
  attempt: number;
  /** Trimmed, as sent. */
  prompt: string;
  options: GenerationRequestOptions;
  /** One per attempt; the client's automatic retries of it reuse it, so it is charged once. */
  idempotencyKey: string;
  /** A variation or upscale of one of the person's results; null: POST /generate. */
  derive: DeriveRequest | null;
  signal: AbortSignal;
}

/** Generate, Vary or Upscale: every way the modal makes images answers `{ requestId }`. */
export function submitGeneration({
  prompt,
  options,
  idempotencyKey,
  derive,
  signal,
}: GenerationSubmit): Promise<CreateGenerationResponse> {
  return derive
    ? deriveGeneration({ ...derive, idempotencyKey, signal })
    : createGeneration({ prompt, options, idempotencyKey, signal });
}
