import { z } from 'zod';

/**
 * GET /api/v1/image-engine: which image backend generates images. When `is_preview` is true the
 * built-in preview model is in use (abstract images) and `notice` is the text the app shows.
 * `fallback_reason`: why the configured model is not in use (it failed to load), else null.
 * `setup_command`: with the preview, what the operator runs on the server to install a real
 * model (docs/models.md), else null.
 */
export const getImageEngineResponseSchema = z
  .object({
    backend: z.string(),
    model: z.string(),
    is_preview: z.boolean(),
    notice: z.string().nullable(),
    fallback_reason: z.string().nullable().default(null),
    setup_command: z.string().nullable().default(null),
  })
  .meta({ id: 'ImageEngine' });

export type GetImageEngineResponse = z.infer<typeof getImageEngineResponseSchema>;
