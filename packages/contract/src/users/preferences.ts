import { z } from 'zod';

/**
 * GET/PUT /api/v1/user/preferences. Every field changes something the person sees:
 * - blurThumbnails: image lists (gallery grid, generation history) blur each image until it is
 *   hovered or tapped — privacy for an adult product on a shared screen;
 * - showDailyPromo: whether the daily promo modal (spec §2, non-premium) may show at all;
 * - emailNotices: which optional mails are sent (subscription renewal reminder, export ready).
 * The generation modal has no image settings (prompt only), so there are no generation defaults.
 */
export const preferencesSchema = z
  .object({
    blurThumbnails: z.boolean(),
    showDailyPromo: z.boolean(),
    emailNotices: z.object({
      subscriptionRenewal: z.boolean(),
      exportReady: z.boolean(),
    }),
  })
  .strict()
  .meta({ id: 'Preferences' });

export type Preferences = z.infer<typeof preferencesSchema>;

/** What a person who never saved preferences gets. */
export const DEFAULT_PREFERENCES: Preferences = {
  blurThumbnails: false,
  showDailyPromo: true,
  emailNotices: { subscriptionRenewal: true, exportReady: true },
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
  })
  .strict()
  .meta({ id: 'UpdatePreferencesBody' });

export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

export function mergePreferences(base: Preferences, change: UpdatePreferencesBody): Preferences {
  return {
    blurThumbnails: change.blurThumbnails ?? base.blurThumbnails,
    showDailyPromo: change.showDailyPromo ?? base.showDailyPromo,
    emailNotices: { ...base.emailNotices, ...stripUndefined(change.emailNotices ?? {}) },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
