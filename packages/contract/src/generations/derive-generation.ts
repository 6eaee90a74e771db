import { z } from 'zod';
import { contentPromptSchema } from './create-generation';

/**
 * What made a generation: a prompt (`generate`), another result redrawn at a strength
 * (`variation`), another result enlarged (`upscale`), or a region of another result repainted
 * (`inpaint`). The source of the last three is always the person's own stored result; only an
 * inpaint's mask is uploaded.
 */
export const GENERATION_KINDS = ['generate', 'variation', 'upscale', 'inpaint'] as const;
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

/** Denoising strength of an inpaint inside its mask: 1 repaints the region from noise. */
export const INPAINT_STRENGTH_MIN = 0.05;
export const INPAINT_STRENGTH_MAX = 1;
export const INPAINT_STRENGTH_DEFAULT = 0.9;
/** Base64 characters of a mask (about 6 MB of PNG); larger bodies are 413 before this. */
export const INPAINT_MASK_BASE64_MAX = 8_000_000;

/**
 * POST /api/v1/generations/{id}/inpaint: one image of the source's size that repaints where
 * `mask` is white and keeps the rest (blended at the edge). `mask` is a PNG, base64 with or
 * without a `data:image/png;base64,` prefix, of any size (scaled to the source). `prompt`
 * replaces the source's prompt for the region (screened like any prompt); absent, the source's
 * prompt is used. Answered `{ requestId }` like POST /generate; charged, cancelled and refunded
 * like a variation. An undecodable, empty or all-black mask is `422 MASK_INVALID` before any
 * charge.
 */
export const createInpaintRequestSchema = z
  .object({
    mask: z.string().min(1, 'mask is required').max(INPAINT_MASK_BASE64_MAX, 'mask is too large'),
    prompt: contentPromptSchema.optional(),
    strength: z.number().min(INPAINT_STRENGTH_MIN).max(INPAINT_STRENGTH_MAX).optional(),
  })
  .meta({ id: 'CreateInpaintRequest' });
export type CreateInpaintRequest = z.infer<typeof createInpaintRequestSchema>;

/** The derivation fields every generation carries (null strength/factor/source for `generate`). */
export const derivationFieldsSchema = z.object({
  kind: z.enum(GENERATION_KINDS),
  /** The generation it was made from; null for `generate`, or once that source is deleted. */
  source_generation_id: z.string().nullable(),
  strength: z.enum(VARIATION_STRENGTH_NAMES).nullable(),
  upscale_factor: z.union([z.literal(2), z.literal(4)]).nullable(),
});
export type DerivationFields = z.infer<typeof derivationFieldsSchema>;
