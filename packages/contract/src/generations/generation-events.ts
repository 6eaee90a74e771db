import { z } from 'zod';
import { BASE64_BODY } from './base64-image';
import { derivationFieldsSchema } from './derive-generation';
import { GENERATION_STATUSES } from './generation-status';

/** Variation/upscale jobs say so on every event (absent on older producers' events). */
const derivation = derivationFieldsSchema.partial().shape;

/** `update` on generation:{request_id}: every row change (spec §4 "database UPDATE"). */
export const generationUpdateEventSchema = z.object({
  request_id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  /** Which image of the submit this is about (all images of a submit share the channel). */
  generation_id: z.string().optional(),
  image_index: z.number().int().min(0).optional(),
  /** The catalog model the image is made with. */
  model: z.string().optional(),
  ...derivation,
  queue_position: z.number().int().positive().nullable().optional(),
  /** While queued: seconds until it starts, from recent job durations of the same backend. */
  estimated_wait_s: z.number().int().nonnegative().nullable().optional(),
  progress: z.number().min(0).max(1).nullable().optional(),
  stage: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});
export type GenerationUpdateEvent = z.infer<typeof generationUpdateEventSchema>;

/** `result` on generation:{request_id}: the final image as base64 (spec §3 "final result"). */
export const generationResultEventSchema = z.object({
  request_id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  generation_id: z.string().optional(),
  image_index: z.number().int().min(0).optional(),
  model: z.string().optional(),
  ...derivation,
  seed: z.number().int().nonnegative().nullable().optional(),
  result_base64: z.string().nullable(),
  result_image_url: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
});
export type GenerationResultEvent = z.infer<typeof generationResultEventSchema>;

/** Longest side of a live preview image, in pixels. */
export const LIVE_PREVIEW_MAX_SIDE = 256;

/**
 * `preview` on generation:{request_id}: the image forming while a multi-step render runs, as a
 * small WebP (base64). Sent to the owner only, never stored; none arrives after the image's result.
 */
export const generationPreviewEventSchema = z.object({
  request_id: z.string(),
  generation_id: z.string(),
  image_index: z.number().int().min(0),
  /** 1-based step just finished, of `steps`. */
  step: z.number().int().positive(),
  steps: z.number().int().positive(),
  image_webp_base64: z.string().regex(BASE64_BODY),
});
export type GenerationPreviewEvent = z.infer<typeof generationPreviewEventSchema>;
