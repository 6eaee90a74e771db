import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Personal API keys (contract api-keys/): only the key's SHA-256 is kept, so a leaked table
 * lends no key. A revoke deletes the row (the audit log keeps the record); the account's
 * deletion takes its keys with it. At most API_KEYS_PER_PERSON_MAX a person.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Always holds `generations`; `favorites` when granted. */
    scopes: text('scopes').array().notNull(),
    /** The key's first characters, shown in lists to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key: what every request's key is looked up by. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
    /** Written at most once a minute per key. */
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.createdAt)],
);
