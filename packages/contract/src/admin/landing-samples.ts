import { z } from 'zod';

/** How many samples the landing shows at most. */
export const LANDING_SAMPLES_MAX = 8;

/** PUT /api/v1/admin/landing-samples: the operator's own favorites, in the landing's order. */
export const putLandingSamplesRequestSchema = z.object({
  favorite_ids: z
    .array(z.uuid())
    .max(LANDING_SAMPLES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'favorite_ids must not repeat an id'),
});
export type PutLandingSamplesRequest = z.infer<typeof putLandingSamplesRequestSchema>;

/** The PUT's refusal of preview-model images: `favorite_ids` names the ones that cannot be shown. */
export const landingSampleFromPreviewErrorSchema = z
  .object({
    error: z.literal('LANDING_SAMPLE_FROM_PREVIEW'),
    message: z.string(),
    favorite_ids: z.array(z.uuid()),
  })
  .meta({ id: 'LandingSampleFromPreviewError' });
export type LandingSampleFromPreviewError = z.infer<typeof landingSampleFromPreviewErrorSchema>;

/** One chosen sample; `image_url` is public and names the sample, never the stored image. */
export const landingSampleSchema = z.object({
  id: z.uuid(),
  prompt: z.string(),
  image_url: z.string(),
});
export type LandingSample = z.infer<typeof landingSampleSchema>;

/** GET /landing/samples (no sign-in) and the admin PUT's answer; empty until an operator chooses. */
export const landingSamplesResponseSchema = z
  .object({ samples: z.array(landingSampleSchema) })
  .meta({ id: 'LandingSamples' });
export type LandingSamplesResponse = z.infer<typeof landingSamplesResponseSchema>;

/**
 * GET /api/v1/admin/landing-samples: the chosen samples with the operator's favorite each was
 * copied from, so the console can show the choice among the operator's favorites.
 */
export const adminLandingSamplesResponseSchema = z
  .object({ samples: z.array(landingSampleSchema.extend({ favorite_id: z.uuid() })) })
  .meta({ id: 'AdminLandingSamples' });
export type AdminLandingSamplesResponse = z.infer<typeof adminLandingSamplesResponseSchema>;

/** The public path of a chosen sample's image. */
export function landingSampleImagePath(id: string): string {
  return `/landing/samples/${id}.png`;
}
