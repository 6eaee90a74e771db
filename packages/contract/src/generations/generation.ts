import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { GENERATION_STATUSES } from './generation-status';

export const GENERATIONS_MAX_LIMIT = 100;

export const generationSchema = z
  .object({
    id: z.string(),
    request_id: z.string(),
    status: z.enum(GENERATION_STATUSES),
    source_prompt: z.string(),
    content_prompt: z.string(),
    created_at: z.iso.datetime({ offset: true }),
    completed_at: z.iso.datetime({ offset: true }).nullable(),
    error: z.string().nullable(),
    /** Relative to the image host base; present while the result is retained. */
    result_image_url: z.string().nullable(),
    is_favorite: z.boolean(),
  })
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

export const findGenerationsResponseSchema = z
  .object({ generations: z.array(generationSchema), total: z.number().int().nonnegative() })
  .meta({ id: 'GenerationList' });
export type FindGenerationsResponse = z.infer<typeof findGenerationsResponseSchema>;

/** `{id}` accepts the generation id or its request id. */
export const generationParamsSchema = z.object({ id: z.string().min(1).max(128) });
