import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema';

/**
 * Prompts the content rules refused (docs/decisions/021-content-rules.md), kept for review and
 * counted for the warning and the suspension. Refused prompts are stored here and nowhere else
 * (never in logs). The person's export includes them; deleting the account deletes them.
 */
export const promptRefusals = pgTable(
  'prompt_refusals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sourcePrompt: text('source_prompt').notNull().default(''),
    contentPrompt: text('content_prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    /** The rule that refused it (check-prompt-policy.ts PolicyRule). */
    rule: text('rule').notNull(),
    /** The words that matched, as the refusal message named them (PolicyVerdict.matched). */
    matchedTerms: text('matched_terms')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('prompt_refusals_user_created_idx').on(table.userId, table.createdAt)],
);
