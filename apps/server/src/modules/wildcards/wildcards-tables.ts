import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's wildcard lists (contract wildcards/wildcard.ts): `__name__` in a prompt picks one of
 * the lines per image. At most WILDCARDS_PER_PERSON_MAX each; names unique per person. Deleted
 * with the account.
 */
export const wildcardLists = pgTable(
  'wildcard_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Validated with wildcardValuesSchema on the way in: trimmed, not empty, each once. */
    values: jsonb('values').$type<string[]>().notNull(),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
    updatedAt: timestamptz('updated_at').defaultNow().notNull(),
  },
  (table) => [unique('wildcard_lists_user_name_key').on(table.userId, table.name)],
);

/**
 * The operator's shared lists, set from the console: every person's prompt may name them, and a
 * person's own list of the same name shadows one.
 */
export const sharedWildcardLists = pgTable('shared_wildcard_lists', {
  name: text('name').primaryKey(),
  values: jsonb('values').$type<string[]>().notNull(),
  updatedAt: timestamptz('updated_at').defaultNow().notNull(),
});
