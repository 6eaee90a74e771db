import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

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
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
});
