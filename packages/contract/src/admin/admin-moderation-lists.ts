import { z } from 'zod';
import { CONTENT_RULES } from '../generations/content-policy';
import { textWithoutBidiControls } from '../text/bidi-controls';

/**
 * What an operator's extra term means: `sexual` and `minor` refuse together (like the shipped
 * lists), `inherent` refuses alone (a term that only ever means sexualised minors).
 */
export const BLOCKED_TERM_RULES = ['sexual', 'minor', 'inherent'] as const;
export const blockedTermRuleSchema = z.enum(BLOCKED_TERM_RULES);

const entry = { id: z.uuid(), createdBy: z.string(), createdAt: z.iso.datetime({ offset: true }) };

export const allowedPhraseSchema = z.object({
  ...entry,
  phrase: z.string(),
  refusalId: z.uuid().nullable(),
});
export const blockedTermSchema = z.object({
  ...entry,
  term: z.string(),
  rule: blockedTermRuleSchema,
  language: z.string().nullable(),
});
export const blockedNameSchema = z.object({ ...entry, name: z.string() });

export const getAllowedPhrasesResponseSchema = z.object({ phrases: z.array(allowedPhraseSchema) });
export const getBlockedTermsResponseSchema = z.object({ terms: z.array(blockedTermSchema) });
export const getBlockedNamesResponseSchema = z.object({ names: z.array(blockedNameSchema) });

/** POST /api/v1/admin/blocked-terms. `language` is a label (terms match in every language). */
export const addBlockedTermBodySchema = z.object({
  term: textWithoutBidiControls('term').trim().min(2).max(100),
  rule: blockedTermRuleSchema,
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}$/)
    .optional(),
});
/** POST /api/v1/admin/blocked-names: a real person's name, matched with its misspellings. */
export const addBlockedNameBodySchema = z.object({
  name: textWithoutBidiControls('name').trim().min(3).max(100),
});

export const moderationEntryParamsSchema = z.object({ id: z.uuid() });
/** DELETE /api/v1/admin/allowed-phrases|blocked-terms|blocked-names/{id}. */
export const deleteModerationEntryResponseSchema = z.object({ deleted: z.literal(true) });

/** POST /api/v1/admin/moderation/test: what the rules say, nothing recorded. */
export const testModerationBodySchema = z.object({
  prompt: z.string().min(1).max(4000),
  negative_prompt: z.string().max(4000).optional(),
});

/** Which list a matched word came from. */
export const MATCH_LISTS = ['shipped', 'operator_term', 'operator_name'] as const;

export const testModerationResponseSchema = z.object({
  allowed: z.boolean(),
  rule: z.enum(Object.keys(CONTENT_RULES) as [keyof typeof CONTENT_RULES]).nullable(),
  matched: z.array(z.object({ term: z.string(), list: z.enum(MATCH_LISTS) })),
  /** The allowed phrases that let the prompt through (empty when none did). */
  allowedPhrases: z.array(z.string()),
  /**
   * Set when the prompt is written mostly in a script no covered language uses: declined unread,
   * not a refusal (docs/decisions/074-unsupported-scripts-fail-closed.md).
   */
  unsupportedScript: z.string().optional(),
});
export type TestModerationResponse = z.infer<typeof testModerationResponseSchema>;
