import { DEFAULT_PREFERENCES, type Preferences } from '@nocturne/contract/users/preferences';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { userPreferences } from './users-tables';

type PreferencesRow = typeof userPreferences.$inferSelect;

export function toPreferences(row: PreferencesRow): Preferences {
  return {
    blurThumbnails: row.blurThumbnails,
    showDailyPromo: row.showDailyPromo,
    emailNotices: {
      subscriptionRenewal: row.emailSubscriptionRenewal,
      exportReady: row.emailExportReady,
    },
    generationOptionsOpen: row.generationOptionsOpen,
    generationDefaults: {
      aspect_ratio: row.defaultAspectRatio,
      image_count: row.defaultImageCount,
      quality: row.defaultQuality,
      style: row.defaultStyle,
    },
  };
}

/** The caller's preferences; the defaults when they never saved any. */
export async function getPreferences(options: {
  db: DbHandle;
  userId: string;
}): Promise<Preferences> {
  const [row] = await options.db
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.userId, options.userId));
  return row ? toPreferences(row) : DEFAULT_PREFERENCES;
}
