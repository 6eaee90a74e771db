import {
  DEFAULT_PREFERENCES,
  mergePreferences,
  type Preferences,
  type UpdatePreferencesBody,
} from '@nocturne/contract/users/preferences';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { userPreferences } from './users-tables';
import { toPreferences } from './get-preferences';

/** PUT /user/preferences: merges the fields sent into the stored (or default) preferences. */
export async function updatePreferences(options: {
  db: AppDb;
  userId: string;
  change: UpdatePreferencesBody;
}): Promise<Preferences> {
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    // The row lock makes two concurrent partial updates merge instead of overwrite.
    await tx
      .insert(userPreferences)
      .values({ userId })
      .onConflictDoNothing({ target: userPreferences.userId });
    const [locked] = await tx
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, userId))
      .for('update');
    const current = locked ? toPreferences(locked) : DEFAULT_PREFERENCES;
    const next = mergePreferences(current, options.change);
    await tx
      .update(userPreferences)
      .set({
        blurThumbnails: next.blurThumbnails,
        showDailyPromo: next.showDailyPromo,
        emailSubscriptionRenewal: next.emailNotices.subscriptionRenewal,
        emailExportReady: next.emailNotices.exportReady,
        generationOptionsOpen: next.generationOptionsOpen,
        defaultAspectRatio: next.generationDefaults.aspect_ratio,
        defaultImageCount: next.generationDefaults.image_count,
        defaultQuality: next.generationDefaults.quality,
        defaultStyle: next.generationDefaults.style,
      })
      .where(eq(userPreferences.userId, userId));
    return next;
  });
}
