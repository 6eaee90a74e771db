import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

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
    /** The terms that matched, as the word lists write them (PolicyVerdict.matched). */
    matchedTerms: text('matched_terms')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * Per matched term, the person's own words it matched, as they wrote them (persons-words.ts):
     * what the refusal message quoted and what operators read beside the term. Empty for
     * refusals recorded before it was kept.
     */
    matchedWords: text('matched_words')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operators' review: open, confirmed or false_positive (docs/operators.md#moderation). */
    status: text('status').notNull().default('open'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewReason: text('review_reason'),
  },
  (table) => [
    index('prompt_refusals_user_created_idx').on(table.userId, table.createdAt),
    index('prompt_refusals_status_created_idx').on(table.status, table.createdAt),
  ],
);

/**
 * An operator's hold on a person's generation (admin People): `suspended` until restored. A
 * restore sets `refusalsCountFrom`, so refusals before it no longer count toward the automatic
 * pause (they stay in prompt_refusals for review).
 */
export const generationHolds = pgTable('generation_holds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  suspended: boolean('suspended').notNull(),
  refusalsCountFrom: timestamp('refusals_count_from', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Who added an operator list's entry and when (the audit log holds each change). */
const added = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Phrases operators marked as false positives (allowed-phrases.ts says what one exempts), stored
 * normalised (allowed-phrases.ts normalisePhrase), with the refusal that taught it.
 */
export const moderationAllowedPhrases = pgTable('moderation_allowed_phrases', {
  ...added(),
  phrase: text('phrase').notNull().unique(),
  refusalId: uuid('refusal_id').references(() => promptRefusals.id, { onDelete: 'set null' }),
});

/** Operators' extra terms, matched like the shipped word lists; `kind` is the term's rule. */
export const moderationBlockedTerms = pgTable(
  'moderation_blocked_terms',
  {
    ...added(),
    term: text('term').notNull(),
    kind: text('kind').notNull(),
    language: text('language'),
  },
  (table) => [unique('moderation_blocked_terms_term_kind_key').on(table.term, table.kind)],
);

/** Operators' extra real-person names, matched with the shipped names' fuzzy keys. */
export const moderationBlockedNames = pgTable('moderation_blocked_names', {
  ...added(),
  name: text('name').notNull().unique(),
});
