import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
