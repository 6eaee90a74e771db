import { PRODUCT_ERRORS } from '../errors/product-errors';

/**
 * Escalation of refusals (as Civitai does it), counted over the last 24 hours: more than
 * PROMPT_WARNING_AFTER refusals add the warning to the 422 message; more than
 * PROMPT_SUSPENSION_AFTER suspend generation (GENERATION_SUSPENDED, with Retry-After).
 */
export const PROMPT_REFUSAL_WINDOW_HOURS = 24;
export const PROMPT_WARNING_AFTER = 3;
export const PROMPT_SUSPENSION_AFTER = 5;
export const PROMPT_REFUSAL_WARNING =
  'Repeated prompts like this will pause generation on your account.';

/** The content rules a refusal names, in plain words (docs/decisions/021-content-rules.md). */
export const CONTENT_RULES = {
  sexualised_minor: 'sexual content involving a minor',
  sexualised_real_person: 'a sexual depiction of a real person',
  negated_adulthood: 'a sexual prompt whose negative prompt asks for someone who is not an adult',
} as const;

export type ContentRule = keyof typeof CONTENT_RULES;

/**
 * The CONTENT_POLICY_VIOLATION message of one refusal: the catalogue sentence, then the rule and
 * the words that matched, e.g. 'This prompt is not allowed by our content rules: sexual content
 * involving a minor ("niña", "desnuda").'
 */
export function contentPolicyMessage(rule: ContentRule, matched: readonly string[]): string {
  const sentence = PRODUCT_ERRORS.CONTENT_POLICY_VIOLATION.message.replace(/\.$/, '');
  const words = matched.length ? ` (${matched.map((word) => `"${word}"`).join(', ')})` : '';
  return `${sentence}: ${CONTENT_RULES[rule]}${words}.`;
}
