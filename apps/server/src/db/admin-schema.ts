import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/**
 * Operators added with `npm run operator -- add` (decision 056). OPERATOR_EMAILS names more
 * without a row; an operator's row goes with their account.
 */
export const operators = pgTable('operators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  addedAt: timestamp('added_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Every operator action, written by recordAdminAction in the action's own transaction. Append-only:
 * a trigger refuses UPDATE, DELETE and TRUNCATE, and no foreign key lets an account deletion
 * change a row.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).defaultNow().notNull(),
    operatorId: text('operator_id').notNull(),
    operatorEmail: text('operator_email').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('admin_audit_target_idx').on(table.targetUserId, table.id)],
);

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

/**
 * The landing's samples, chosen by an operator from their own favorites: each row has its own
 * copy of the image, so the favorite's owner deleting it never breaks the landing, and only these
 * images are served publicly (by the sample's id, never by the stored key).
 */
export const landingSamples = pgTable('landing_samples', {
  id: uuid('id').primaryKey().defaultRandom(),
  position: integer('position').notNull(),
  prompt: text('prompt').notNull(),
  imageKey: text('image_key').notNull(),
  /** The favorite it was copied from (no foreign key: the copy outlives it). */
  favoriteId: uuid('favorite_id').notNull(),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).defaultNow().notNull(),
});
