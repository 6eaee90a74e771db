import { pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operator's service settings (decision 058): one row, id 1, written by the admin settings
 * routes. Every process keeps it cached and rereads it on NOTIFY service_settings_changed.
 */
export const serviceSettings = pgTable('service_settings', {
  id: smallint('id').primaryKey().default(1),
  generation: text('generation').notNull().default('on'),
  message: text('message').notNull().default(''),
  announcementId: text('announcement_id'),
  announcementText: text('announcement_text'),
  announcementLevel: text('announcement_level'),
  announcementEndsAt: timestamp('announcement_ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
