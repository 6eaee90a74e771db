import type {
  AspectRatio,
  Quality,
  StyleId,
} from '@nocturne/contract/generations/generation-options';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

/**
 * A person's preferences (contract users/preferences.ts). No row means the defaults; the first
 * PUT writes one. Column defaults equal DEFAULT_PREFERENCES so a partial insert stays right.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  blurThumbnails: boolean('blur_thumbnails').notNull().default(DEFAULT_PREFERENCES.blurThumbnails),
  showDailyPromo: boolean('show_daily_promo').notNull().default(DEFAULT_PREFERENCES.showDailyPromo),
  emailSubscriptionRenewal: boolean('email_subscription_renewal')
    .notNull()
    .default(DEFAULT_PREFERENCES.emailNotices.subscriptionRenewal),
  emailExportReady: boolean('email_export_ready')
    .notNull()
    .default(DEFAULT_PREFERENCES.emailNotices.exportReady),
  generationOptionsOpen: boolean('generation_options_open')
    .notNull()
    .default(DEFAULT_PREFERENCES.generationOptionsOpen),
  defaultAspectRatio: text('default_aspect_ratio')
    .$type<AspectRatio>()
    .notNull()
    .default(DEFAULT_PREFERENCES.generationDefaults.aspect_ratio),
  defaultImageCount: integer('default_image_count')
    .notNull()
    .default(DEFAULT_PREFERENCES.generationDefaults.image_count),
  defaultQuality: text('default_quality')
    .$type<Quality>()
    .notNull()
    .default(DEFAULT_PREFERENCES.generationDefaults.quality),
  defaultStyle: text('default_style').$type<StyleId>(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});
