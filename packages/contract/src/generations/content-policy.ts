import { z } from 'zod';

/**
 * Error codes Nocturne adds beyond the spec §8 catalogue. The catalogue stays the spec's table;
 * the server's AppError and error handler accept these codes too (same `{ error, message }` body).
 */
export const PRODUCT_ERRORS = {
  /**
   * A prompt refused by the content policy (docs/architecture.md#content-rules), before any charge.
   * The server answers with contentPolicyMessage: this sentence, the rule and the matched words.
   */
  CONTENT_POLICY_VIOLATION: {
    status: 422,
    message: 'This prompt is not allowed by our content rules.',
  },
  /** An account without a recorded 18+ confirmation: no generation and no image links. */
  AGE_CONFIRMATION_REQUIRED: {
    status: 403,
    message:
      'Nocturne is for adults only. This account has no confirmation that you are 18 or older, so it cannot generate or view images.',
  },
  /** More than PROMPT_SUSPENSION_AFTER refusals in 24 hours: generation paused for a while. */
  GENERATION_SUSPENDED: {
    status: 403,
    message:
      'Generation is paused on this account because several prompts broke our content rules. You can generate again later.',
  },
  /**
   * A sign-up, sign-in or sign-out sent from a page on another site (better-auth's origin check).
   * Pages on the server's own address, whatever its name, and CORS_ORIGINS are never refused.
   */
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    message:
      'This request came from a site Nocturne does not recognise. Open Nocturne at its own address and try again.',
  },
  /** NOWPayments did not answer (or answered nonsense) while creating an invoice: nothing was made. */
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message:
      'The payment provider is not responding right now. Nothing was charged; please try again in a few minutes.',
  },
  /** An image link without a valid signature, or past its expiry (images are private). */
  IMAGE_LINK_INVALID: {
    status: 403,
    message: 'This image link is not valid or has expired.',
  },
  /** The server is shutting down (a deploy or restart): new work goes to the next process. */
  SERVICE_RESTARTING: {
    status: 503,
    message: 'Nocturne is restarting. Nothing was charged; please try again in a moment.',
  },
  /** Cancel of a generation that has already completed or failed: nothing changes. */
  GENERATION_ALREADY_FINISHED: {
    status: 422,
    message: 'This generation has already finished, so there is nothing to cancel.',
  },
  /** A request body above BODY_LIMIT_BYTES (prompts and settings are small JSON). */
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'This request is too large.',
  },
  /** The database cannot be reached (restart, failover): nothing was changed, try again shortly. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Nocturne is briefly unavailable. Nothing was changed; please try again in a moment.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

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

export type ProductErrorCode = keyof typeof PRODUCT_ERRORS;
