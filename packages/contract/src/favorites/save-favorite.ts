import { z } from 'zod';
import { isBase64Image } from '../generations/base64-image';
import {
  aspectRatioSchema,
  qualitySchema,
  seedSchema,
  styleSchema,
} from '../generations/generation-options';

/**
 * POST /api/v1/generations/{id}/favorite. `result_base64` is the image the client holds; the
 * server prefers its own retained copy and uses this only once the retained result has expired.
 */
export const saveFavoriteRequestSchema = z
  .object({
    result_base64: z
      .string()
      .refine(isBase64Image, 'result_base64 must be a base64 image')
      .optional(),
  })
  .meta({ id: 'SaveFavoriteRequest' });
export type SaveFavoriteRequest = z.infer<typeof saveFavoriteRequestSchema>;

export const favoriteSchema = z
  .object({
    id: z.string(),
    generation_id: z.string().nullable(),
    source_prompt: z.string(),
    content_prompt: z.string(),
    /**
     * Signed path (e.g. /images/ab/….png?expires…), prefixed by the image host base (spec §3); a
     * full URL when the server has IMAGE_BASE_URL.
     */
    result_image_url: z.string(),
    created_at: z.iso.datetime({ offset: true }),
    /**
     * The settings the image was made with, kept with the favorite so 'Use these settings' works
     * after the generation is gone; null for favorites saved before settings were stored.
     */
    settings: z
      .object({
        negative_prompt: z.string(),
        seed: seedSchema.nullable(),
        aspect_ratio: aspectRatioSchema,
        quality: qualitySchema,
        style: styleSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof favoriteSchema>;

export const saveFavoriteResponseSchema = z
  .object({ favorite: favoriteSchema })
  .meta({ id: 'SaveFavoriteResponse' });
export type SaveFavoriteResponse = z.infer<typeof saveFavoriteResponseSchema>;

export const deleteFavoriteResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeleteFavoriteResponse' });
