import { z } from 'zod';
import {
  aspectRatioSchema,
  DEFAULT_GENERATION_OPTIONS,
  imageCountSchema,
  qualitySchema,
  styleSchema,
} from '../generations/generation-options';

/**
 * GET/PUT /api/v1/user/preferences. Every field changes something the person sees:
 * - blurThumbnails: image lists (gallery grid, generation history) blur each image until it is
 *   hovered or tapped — privacy for an adult product on a shared screen;
 * - showDailyPromo: whether the daily promo modal (spec §2, non-premium) may show at all;
 * - emailNotices: which optional mails are sent (subscription renewal reminder, export ready).
 * - generationOptionsOpen: whether the generation modal's options panel starts open;
 * - generationDefaults: what the modal's options start at (aspect ratio, image count, quality,
 *   style). Seed and negative prompt are per image, never defaults.
 */
export const generationDefaultsSchema = z
  .object({
    aspect_ratio: aspectRatioSchema,
    image_count: imageCountSchema,
    quality: qualitySchema,
    style: styleSchema.nullable(),
  })
  .strict();
export type GenerationDefaults = z.infer<typeof generationDefaultsSchema>;

export const preferencesSchema = z
  .object({
    blurThumbnails: z.boolean(),
    showDailyPromo: z.boolean(),
    emailNotices: z.object({
      subscriptionRenewal: z.boolean(),
      exportReady: z.boolean(),
    }),
    generationOptionsOpen: z.boolean(),
    generationDefaults: generationDefaultsSchema,
  })
  .strict()
  .meta({ id: 'Preferences' });

export type Preferences = z.infer<typeof preferencesSchema>;

/** What a person who never saved preferences gets. */
export const DEFAULT_PREFERENCES: Preferences = {
  blurThumbnails: false,
  showDailyPromo: true,
  emailNotices: { subscriptionRenewal: true, exportReady: true },
  generationOptionsOpen: false,
  generationDefaults: { ...DEFAULT_GENERATION_OPTIONS },
};

/** PUT body: any subset, merged into the stored (or default) preferences. */
export const updatePreferencesBodySchema = z
  .object({
    blurThumbnails: z.boolean().optional(),
    showDailyPromo: z.boolean().optional(),
    emailNotices: z
      .object({
        subscriptionRenewal: z.boolean().optional(),
        exportReady: z.boolean().optional(),
      })
      .strict()
      .optional(),
    generationOptionsOpen: z.boolean().optional(),
    generationDefaults: generationDefaultsSchema.partial().strict().optional(),
  })
  .strict()
  .meta({ id: 'UpdatePreferencesBody' });

export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

export function mergePreferences(base: Preferences, change: UpdatePreferencesBody): Preferences {
  return {
    blurThumbnails: change.blurThumbnails ?? base.blurThumbnails,
    showDailyPromo: change.showDailyPromo ?? base.showDailyPromo,
    emailNotices: { ...base.emailNotices, ...stripUndefined(change.emailNotices ?? {}) },
    generationOptionsOpen: change.generationOptionsOpen ?? base.generationOptionsOpen,
    generationDefaults: {
      ...base.generationDefaults,
      ...stripUndefined(change.generationDefaults ?? {}),
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
