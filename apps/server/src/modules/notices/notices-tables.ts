import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

/**
 * Optional mails already sent (the email notices of the preferences), one row per person, kind
 * and occasion. Inserting the row is the claim that makes a notice go out once, even with the
 * schedule running in several processes; a failed send deletes it so the next tick retries.
 */
export const mailNotices = pgTable(
  'mail_notices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['subscription_renewal'] }).notNull(),
    /** The instant the notice is about, e.g. the end of the paid period it reminds of. */
    occasion: timestamp('occasion', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.occasion] })],
);
