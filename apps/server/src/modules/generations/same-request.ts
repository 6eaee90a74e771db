import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import { AppError } from '../../lib/app-error';
import type { Derivation } from './derivation';
import type { GenerationRow } from './generation-row';

/** The LoRAs a row was made with are the request's, in order and at the same weights. */
function sameLoras(row: GenerationRow, request: CreateGenerationRequest): boolean {
  const asked = request.loras ?? [];
  return (
    row.loras.length === asked.length &&
    row.loras.every(
      (lora, index) => lora.id === asked[index]?.id && lora.weight === asked[index]?.weight,
    )
  );
}

/**
 * A key answers again only the request it was first used for; the same key with another body is
 * a client bug, and replaying the first answer would hide it.
 */
export function sameRequest(
  earlier: GenerationRow[],
  request: CreateGenerationRequest,
  derivation: Derivation | undefined,
): GenerationRow[] {
  const [first] = earlier;
  const same =
    first !== undefined &&
    first.kind === (derivation?.kind ?? 'generate') &&
    first.sourceGenerationId === (derivation?.sourceGenerationId ?? null) &&
    first.strength === (derivation?.strength ?? null) &&
    first.upscaleFactor === (derivation?.upscaleFactor ?? null) &&
    first.inpaintStrength === (derivation?.inpaintStrength ?? null) &&
    first.sourcePrompt === request.source_prompt &&
    first.contentPrompt === request.content_prompt &&
    first.negativePrompt === request.negative_prompt &&
    first.aspectRatio === request.aspect_ratio &&
    first.quality === request.quality &&
    first.style === request.style &&
    first.imageCount === request.image_count &&
    (request.model === undefined || first.model === request.model) &&
    (request.seed === undefined || first.seed === request.seed) &&
    sameLoras(first, request);
  if (!same) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'This Idempotency-Key was already used for a different request.',
    });
  }
  return earlier;
}
