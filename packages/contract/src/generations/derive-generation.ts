import { z } from 'zod';

/**
 * What made a generation: a prompt (`generate`), another result redrawn at a strength
 * (`variation`), or another result enlarged (`upscale`). Inputs of the last two are always the
 * person's own stored results: nothing is uploaded.
 */
export const GENERATION_KINDS = ['generate', 'variation', 'upscale'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/** How far a variation may stray from its source (denoising strengths: docs/decisions/066). */
export const VARIATION_STRENGTH_NAMES = ['subtle', 'strong'] as const;
export type VariationStrengthName = (typeof VARIATION_STRENGTH_NAMES)[number];

/** Upscale factors a model may offer (GET /api/v1/models `capabilities.upscale`). */
export const UPSCALE_FACTORS = [2, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/**
 * POST /api/v1/generations/{id}/variations: one image from the source's own stored result, with
 * its model, prompts and options and a new random seed. Answered `{ requestId }` like
 * POST /generate, and `Idempotency-Key` is honoured the same way.
 */
export const createVariationRequestSchema = z
  .object({ strength: z.enum(VARIATION_STRENGTH_NAMES) })
  .meta({ id: 'CreateVariationRequest' });
export type CreateVariationRequest = z.infer<typeof createVariationRequestSchema>;

/**
 * POST /api/v1/generations/{id}/upscale: one image exactly `factor` times the source's width and
 * height, from the source's stored result, at the source's seed.
 */
export const createUpscaleRequestSchema = z
  .object({
    factor: z.union([z.literal(2), z.literal(4)], { error: 'factor must be 2 or 4' }),
  })
  .meta({ id: 'CreateUpscaleRequest' });
export type CreateUpscaleRequest = z.infer<typeof createUpscaleRequestSchema>;

/** The derivation fields every generation carries (null strength/factor/source for `generate`). */
export const derivationFieldsSchema = z.object({
  kind: z.enum(GENERATION_KINDS),
  /** The generation it was made from; null for `generate`, or once that source is deleted. */
  source_generation_id: z.string().nullable(),
  strength: z.enum(VARIATION_STRENGTH_NAMES).nullable(),
  upscale_factor: z.union([z.literal(2), z.literal(4)]).nullable(),
});
export type DerivationFields = z.infer<typeof derivationFieldsSchema>;
