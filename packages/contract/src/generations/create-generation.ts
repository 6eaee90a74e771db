import { z } from 'zod';
import { modelIdSchema } from '../models/list-models';
import { loraChoicesSchema } from '../models/loras';
import { textWithoutBidiControls } from '../text/bidi-controls';
import {
  aspectRatioSchema,
  DEFAULT_GENERATION_OPTIONS,
  imageCountSchema,
  negativePromptSchema,
  qualitySchema,
  seedSchema,
  styleSchema,
} from './generation-options';

/**
 * The one prompt limit: this schema (which also trims, so nothing else does), the web textarea's
 * maxLength, and the image engine, which the server configures with it.
 */
export const CONTENT_PROMPT_MAX_LENGTH = 1000;

/** The user's prompt as sent and stored: trimmed, required (spec §5), at most the one limit. */
export const contentPromptSchema = textWithoutBidiControls('content_prompt')
  .trim()
  .min(1, 'content_prompt is required')
  .max(
    CONTENT_PROMPT_MAX_LENGTH,
    `content_prompt must be at most ${CONTENT_PROMPT_MAX_LENGTH} characters`,
  );

/**
 * POST /api/v1/generate. `source_prompt` is sent empty by the web app (spec §3). Every option is
 * optional; absent ones take DEFAULT_GENERATION_OPTIONS, and an absent seed is drawn at random by
 * the server (and returned with the generation). `model` is a catalog id (GET /api/v1/models);
 * absent, the default for the person's plan. The debit is the model's `credit_cost` × `image_count`.
 */
export const createGenerationRequestSchema = z
  .object({
    source_prompt: textWithoutBidiControls('source_prompt')
      .max(CONTENT_PROMPT_MAX_LENGTH)
      .default(''),
    content_prompt: contentPromptSchema,
    negative_prompt: negativePromptSchema.default(''),
    seed: seedSchema.optional(),
    aspect_ratio: aspectRatioSchema.default(DEFAULT_GENERATION_OPTIONS.aspect_ratio),
    image_count: imageCountSchema.default(DEFAULT_GENERATION_OPTIONS.image_count),
    quality: qualitySchema.default(DEFAULT_GENERATION_OPTIONS.quality),
    style: styleSchema.nullable().default(DEFAULT_GENERATION_OPTIONS.style),
    model: modelIdSchema.optional(),
    /**
     * LoRAs of `model`'s catalog entry (GET /api/v1/models `loras`), at most 3, weight -2 to 2;
     * their trigger words are added to the prompt. Needs `model`.
     */
    loras: loraChoicesSchema.optional(),
  })
  .meta({ id: 'CreateGenerationRequest' });
export type CreateGenerationRequest = z.infer<typeof createGenerationRequestSchema>;

export const createGenerationResponseSchema = z
  .object({ requestId: z.string() })
  .meta({ id: 'CreateGenerationResponse' });
export type CreateGenerationResponse = z.infer<typeof createGenerationResponseSchema>;

/** Optional header making a retried submit return the first answer instead of charging twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
