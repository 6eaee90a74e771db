import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's characters (contract characters/character.ts): `@name` in a prompt stands for the
 * description. At most CHARACTERS_PER_PERSON_MAX each; names unique per person, as written.
 * Deleted with the account.
 */
export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Passed the content rules when saved; every prompt that names it is screened again. */
    description: text('description').notNull(),
    /**
     * One of the person's own completed results, which images naming the character follow where
     * the engine can (IP-Adapter). No foreign key: the generations module, which reads this one,
     * clears it when it deletes that result (clearCharacterReferencesTo), so neither module's
     * tables import the other's.
     */
    referenceGenerationId: uuid('reference_generation_id'),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
    updatedAt: timestamptz('updated_at').defaultNow().notNull(),
  },
  // The unique key also serves the submit's read of the names a prompt uses (user_id leads it).
  (table) => [
    unique('characters_user_name_key').on(table.userId, table.name),
    // Deleting an image clears the characters that hold it without reading them all.
    index('characters_reference_idx')
      .on(table.referenceGenerationId)
      .where(sql`${table.referenceGenerationId} is not null`),
  ],
);
