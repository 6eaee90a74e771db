import {
  MAX_SIDE,
  otherSide,
  parseAspectRatio,
  ratioOfSize,
  SIDE_STEP,
  sizeForAspectRatio,
  type Size,
} from './aspect-ratio';
import { InvalidRequestError } from './errors';
import { resolveInit } from './resolve-init';
import {
  DEFAULT_ENGINE_QUALITY,
  ENGINE_QUALITIES,
  type GenerateRequest,
  type ImageBackend,
  type ResolvedRequest,
} from './types';
import { MAX_SEED, randomSeed } from './util/random';

export const MAX_STEPS = 50;
/** A generic bound for standalone use; applications pass their own (ImageGenConfig). */
export const DEFAULT_MAX_PROMPT_LENGTH = 2000;

function checkSide(v: number, name: string): number {
  if (!Number.isInteger(v) || v < SIDE_STEP || v > MAX_SIDE || v % SIDE_STEP !== 0) {
    throw new InvalidRequestError(
      `${name} must be a multiple of ${SIDE_STEP} between ${SIDE_STEP} and ${MAX_SIDE}, got ${v}.`,
    );
  }
  return v;
}

/** Explicit sides win; a missing one follows the ratio; with neither, the backend's area at the ratio. */
function resolveSize(request: GenerateRequest, backend: ImageBackend, ratio?: number): Size {
  const { width, height } = request;
  if (width !== undefined && height !== undefined) return { width, height };
  if (ratio === undefined) {
    return { width: width ?? backend.defaults.width, height: height ?? backend.defaults.height };
  }
  if (width !== undefined) return { width, height: otherSide(width, ratio, 'width') };
  if (height !== undefined) return { width: otherSide(height, ratio, 'height'), height };
  return sizeForAspectRatio(ratio, backend.defaults);
}

/**
 * Fills defaults (size from the aspect ratio and the backend's area, steps from the quality, a
 * random seed) and rejects impossible values. With `init`, the size is the source's times
 * `upscale`, a mask is read once for every backend, and a backend whose capabilities do not cover
 * the request refuses it here. The prompt is checked, not rewritten: callers send it as they mean
 * it (Nocturne's contract trims).
 */
export async function resolveRequest(
  request: GenerateRequest,
  backend: ImageBackend,
  maxPromptLength = DEFAULT_MAX_PROMPT_LENGTH,
): Promise<ResolvedRequest> {
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
  const quality = request.quality ?? DEFAULT_ENGINE_QUALITY;
  if (!ENGINE_QUALITIES.includes(quality)) {
    throw new InvalidRequestError(
      `quality must be one of ${ENGINE_QUALITIES.join(', ')}, got ${String(quality)}.`,
    );
  }
  const steps = request.steps ?? backend.qualitySteps[quality];
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS) {
    throw new InvalidRequestError(
      `steps must be an integer between 1 and ${MAX_STEPS}, got ${steps}.`,
    );
  }
  const fromImage = await resolveInit(request, backend);
  if (fromImage) {
    const { init, width, height } = fromImage;
    const aspectRatio = ratioOfSize(width, height);
    const negativePrompt = request.negativePrompt?.trim() ?? '';
    return {
      ...lorasOf(request),
      ...referenceOf(request, backend),
      ...{ prompt, negativePrompt, width, height, seed, steps, aspectRatio, quality, init },
    };
  }
  const ratio =
    request.aspectRatio === undefined ? undefined : parseAspectRatio(request.aspectRatio);
  const size = resolveSize(request, backend, ratio);
  const width = checkSide(size.width, 'width');
  const height = checkSide(size.height, 'height');
  return {
    prompt,
    negativePrompt: request.negativePrompt?.trim() ?? '',
    width,
    height,
    seed,
    steps,
    aspectRatio: request.aspectRatio ?? ratioOfSize(width, height),
    quality,
    ...lorasOf(request),
    ...referenceOf(request, backend),
  };
}

/** The reference image, passed on only to a backend that follows one (others ignore it). */
function referenceOf(
  request: GenerateRequest,
  backend: Pick<ImageBackend, 'capabilities'>,
): Pick<ResolvedRequest, 'referencePng'> {
  if (!request.referencePng || !backend.capabilities.characterReference) return {};
  return { referencePng: request.referencePng };
}

/** The request's LoRAs, checked: a file name and a finite weight each (absent when none). */
function lorasOf(request: GenerateRequest): Pick<ResolvedRequest, 'loras'> {
  if (!request.loras || request.loras.length === 0) return {};
  for (const lora of request.loras) {
    if (!/\S/.test(lora.file)) throw new InvalidRequestError('a LoRA file must not be empty.');
    if (!Number.isFinite(lora.weight) || Math.abs(lora.weight) > 2) {
      throw new InvalidRequestError(`LoRA weight must be between -2 and 2, got ${lora.weight}.`);
    }
  }
  return { loras: request.loras };
}
