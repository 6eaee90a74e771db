import { z } from 'zod';

/**
 * The one prompt limit: this schema (which also trims, so nothing else does), the web textarea's
 * maxLength, and the image engine, which the server configures with it.
 */
export const CONTENT_PROMPT_MAX_LENGTH = 1000;

/** The user's prompt as sent and stored: trimmed, required (spec §5), at most the one limit. */
export const contentPromptSchema = z
  .string()
  .trim()
  .min(1, 'content_prompt is required')
  .max(
    CONTENT_PROMPT_MAX_LENGTH,
    `content_prompt must be at most ${CONTENT_PROMPT_MAX_LENGTH} characters`,
  );

/** POST /api/v1/generate. `source_prompt` is sent empty by the web app (spec §3). */
export const createGenerationRequestSchema = z
  .object({
    source_prompt: z.string().max(CONTENT_PROMPT_MAX_LENGTH).default(''),
    content_prompt: contentPromptSchema,
  })
  .meta({ id: 'CreateGenerationRequest' });
export type CreateGenerationRequest = z.infer<typeof createGenerationRequestSchema>;

export const createGenerationResponseSchema = z
  .object({ requestId: z.string() })
  .meta({ id: 'CreateGenerationResponse' });
export type CreateGenerationResponse = z.infer<typeof createGenerationResponseSchema>;

/** Optional header making a retried submit return the first answer instead of charging twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
