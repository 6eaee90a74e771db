import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import {
  aspectRatioSchema,
  ENGINE_OPTION_NAMES,
  imageCountSchema,
  qualitySchema,
  seedSchema,
  styleSchema,
} from './generation-options';
import { derivationFieldsSchema } from './derive-generation';
import { GENERATION_STATUSES } from './generation-status';
import { generationLoraSchema } from '../models/loras';

export const GENERATIONS_MAX_LIMIT = 100;

export const generationSchema = z
  .object({
    id: z.string(),
    request_id: z.string(),
    status: z.enum(GENERATION_STATUSES),
    source_prompt: z.string(),
    content_prompt: z.string(),
    /**
     * The prompt this image got when `content_prompt` holds choices (`{red|blue}`, contract
     * text/prompt-choices.ts); null when it holds none and the image got `content_prompt`.
     */
    expanded_prompt: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
    completed_at: z.iso.datetime({ offset: true }).nullable(),
    error: z.string().nullable(),
    /** Relative to the image host base; present while the result is retained. */
    result_image_url: z.string().nullable(),
    is_favorite: z.boolean(),
    negative_prompt: z.string(),
    /** This image's seed; null only for generations made before seeds were stored. */
    seed: seedSchema.nullable(),
    aspect_ratio: aspectRatioSchema,
    quality: qualitySchema,
    style: styleSchema.nullable(),
    /** Images made by the submit this one belongs to (all share its request_id)… */
    image_count: imageCountSchema,
    /** …and this image's place among them, from 0 (image i has seed first seed + i). */
    image_index: z.number().int().min(0),
    /**
     * Options the person chose that the backend that rendered it could not honour: a typed
     * negative prompt, a given seed, a ratio or quality other than the default
     * (packages/imagegen/README.md#options-per-backend).
     */
    ignored_options: z.array(z.enum(ENGINE_OPTION_NAMES)),
    /** The catalog model it was made with (an id of GET /api/v1/models). */
    model: z.string(),
    /** The catalog LoRAs it was made with, at their weights; absent when it was made with none. */
    loras: z.array(generationLoraSchema).optional(),
  })
  // kind, source_generation_id, strength, upscale_factor (derive-generation.ts).
  .extend(derivationFieldsSchema.shape)
  .meta({ id: 'Generation' });
export type Generation = z.infer<typeof generationSchema>;

/** GET /api/v1/generations */
export const findGenerationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(GENERATIONS_MAX_LIMIT).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum(GENERATION_STATUSES).optional(),
  orderBy: z.enum(['created_at', 'status']).default('created_at'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type FindGenerationsQuery = z.infer<typeof findGenerationsQuerySchema>;

/**
 * A page of history entries: a submit is one entry, so `limit`, `offset` and `total` count submits,
 * and `generations` holds every image of each (matching `status`), entry by entry in `image_index`
 * order.
 */
export const findGenerationsResponseSchema = z
  .object({ generations: z.array(generationSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'GenerationList' });
export type FindGenerationsResponse = z.infer<typeof findGenerationsResponseSchema>;

/**
 * `{id}` accepts the generation id or its request id. A request id names the first image of its
 * submit, except for cancel, which stops every image of the submit.
 */
export const generationParamsSchema = z.object({ id: z.string().min(1).max(128) });
