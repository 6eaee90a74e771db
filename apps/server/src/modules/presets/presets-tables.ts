import type { PresetOptions } from '@nocturne/contract/presets/preset';
import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's saved generation options (contract presets/preset.ts), at most
 * PRESETS_PER_PERSON_MAX each; names unique per person. Deleted with the account.
 */
export const presets = pgTable(
  'presets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Validated with presetOptionsSchema on the way in, and again on the way out. */
    options: jsonb('options').$type<PresetOptions>().notNull(),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
    updatedAt: timestamptz('updated_at').defaultNow().notNull(),
  },
  // The unique key also serves the list of one person's presets (user_id leads it).
  (table) => [unique('presets_user_name_key').on(table.userId, table.name)],
);
