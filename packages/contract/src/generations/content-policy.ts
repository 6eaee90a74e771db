import { z } from 'zod';
import { PRODUCT_ERRORS } from '../errors/product-errors';

/**
 * Escalation of refusals (as Civitai does it), counted over the last 24 hours: more than
 * PROMPT_WARNING_AFTER refusals add the warning to the 422 message; more than
 * PROMPT_SUSPENSION_AFTER suspend generation (GENERATION_SUSPENDED, with Retry-After).
 */
export const PROMPT_REFUSAL_WINDOW_HOURS = 24;
export const PROMPT_WARNING_AFTER = 3;
export const PROMPT_SUSPENSION_AFTER = 5;
/** GENERATION_SUSPENDED's message when an operator paused the account (no end time). */
export const OPERATOR_SUSPENSION_MESSAGE =
  'Generation is paused on this account. Contact support if you think this is a mistake.';
export const PROMPT_REFUSAL_WARNING =
  'Repeated prompts like this will pause generation on your account.';
/** Replaces the warning when the next refusal pauses generation (refusals_before_suspension 0). */
export const PROMPT_LAST_REFUSAL_WARNING =
  'One more prompt like this will pause generation on your account.';

/**
 * How many more refusals within the window leave generation running: 0 means the next refused
 * prompt pauses it. Sent as `refusals_before_suspension` in the 422 body.
 */
export function refusalsBeforeSuspension(refusalsInWindow: number): number {
  return Math.max(0, PROMPT_SUSPENSION_AFTER - refusalsInWindow);
}

/** The 422 body of a content-policy refusal: the count lets the page warn before the last one. */
export const contentPolicyErrorSchema = z
  .object({
    error: z.literal('CONTENT_POLICY_VIOLATION'),
    message: z.string(),
    refusals_before_suspension: z.int().min(0),
  })
  .meta({ id: 'ContentPolicyError' });
export type ContentPolicyError = z.infer<typeof contentPolicyErrorSchema>;

/** The warning a refusal's message ends with, or null while refusals are few. */
export function refusalWarning(refusalsInWindow: number): string | null {
  if (refusalsBeforeSuspension(refusalsInWindow) === 0) return PROMPT_LAST_REFUSAL_WARNING;
  return refusalsInWindow > PROMPT_WARNING_AFTER ? PROMPT_REFUSAL_WARNING : null;
}

/** The content rules a refusal names, in plain words (docs/decisions/021-content-rules.md). */
export const CONTENT_RULES = {
  sexualised_minor: 'sexual content involving a minor',
  sexualised_real_person: 'a sexual depiction of a real person',
  negated_adulthood: 'a sexual prompt whose negative prompt asks for someone who is not an adult',
} as const;

export type ContentRule = keyof typeof CONTENT_RULES;

/** A quoted word longer than this is cut with an ellipsis (a run of spaced-out letters). */
export const REFUSAL_QUOTE_MAX_LENGTH = 40;

function quote(words: string): string {
  const chars = [...words.replace(/\s+/g, ' ').trim()];
  const shown =
    chars.length > REFUSAL_QUOTE_MAX_LENGTH
      ? `${chars.slice(0, REFUSAL_QUOTE_MAX_LENGTH - 1).join('')}…`
      : chars.join('');
  return `"${shown}"`;
}

/**
 * The CONTENT_POLICY_VIOLATION message of one refusal: the catalogue sentence, then the rule and
 * the person's own words that matched, as they wrote them (never the word lists' spelling), each
 * once, e.g. 'This prompt is not allowed by our content rules: sexual content involving a minor
 * ("Una NIÑA", "desnuda").'
 */
export function contentPolicyMessage(rule: ContentRule, personsWords: readonly string[]): string {
  const sentence = PRODUCT_ERRORS.CONTENT_POLICY_VIOLATION.message.replace(/\.$/, '');
  const quotes = [...new Set(personsWords.map(quote))];
  const words = quotes.length ? ` (${quotes.join(', ')})` : '';
  return `${sentence}: ${CONTENT_RULES[rule]}${words}.`;
}
