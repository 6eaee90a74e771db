import { InvalidRequestError } from './errors';
import type { GenerateRequest, ImageBackend, ResolvedRequest } from './types';
import { MAX_SEED, randomSeed } from './util/random';

export const MAX_SIDE = 2048;
export const MAX_STEPS = 50;
/** A generic bound for standalone use; applications pass their own (ImageGenConfig). */
export const DEFAULT_MAX_PROMPT_LENGTH = 2000;

function side(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 64 || v > MAX_SIDE || v % 64 !== 0) {
    throw new InvalidRequestError(
      `${name} must be a multiple of 64 between 64 and ${MAX_SIDE}, got ${v}.`,
    );
  }
  return v;
}

/**
 * Fills defaults (the backend's size and steps, a random seed) and rejects impossible values. The
 * prompt is checked, not rewritten: callers send it as they mean it (Nocturne's contract trims).
 */
export function resolveRequest(
  request: GenerateRequest,
  backend: ImageBackend,
  maxPromptLength = DEFAULT_MAX_PROMPT_LENGTH,
): ResolvedRequest {
  const { prompt } = request;
  if (!/\S/.test(prompt)) throw new InvalidRequestError('prompt must not be empty.');
  if (prompt.length > maxPromptLength) {
    throw new InvalidRequestError(`prompt must be at most ${maxPromptLength} characters.`);
  }
  const seed = request.seed ?? randomSeed();
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new InvalidRequestError(
      `seed must be an integer between 0 and ${MAX_SEED}, got ${seed}.`,
    );
  }
  const steps = request.steps ?? backend.defaults.steps;
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS) {
    throw new InvalidRequestError(
      `steps must be an integer between 1 and ${MAX_STEPS}, got ${steps}.`,
    );
  }
  return {
    prompt,
    negativePrompt: request.negativePrompt?.trim() ?? '',
    width: side(request.width, backend.defaults.width, 'width'),
    height: side(request.height, backend.defaults.height, 'height'),
    seed,
    steps,
  };
}
