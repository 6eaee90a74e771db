import { z } from 'zod';
import { CONTENT_RULES } from '../generations/content-policy';
import { textWithoutBidiControls } from '../text/bidi-controls';
import { adminReasonSchema } from './admin-actions';

export const REFUSAL_STATUSES = ['open', 'confirmed', 'false_positive'] as const;
export const refusalStatusSchema = z.enum(REFUSAL_STATUSES);
export type RefusalStatus = z.infer<typeof refusalStatusSchema>;

export const ADMIN_REFUSALS_PAGE_MAX = 100;
/** How many of a person's latest refusals each queue entry shows. */
export const REFUSAL_HISTORY_SHOWN = 5;

/** GET /api/v1/admin/refusals: newest first, open ones unless asked otherwise. */
export const getAdminRefusalsQuerySchema = z.object({
  status: refusalStatusSchema.default('open'),
  limit: z.coerce.number().int().min(1).max(ADMIN_REFUSALS_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type GetAdminRefusalsQuery = z.infer<typeof getAdminRefusalsQuerySchema>;

const ruleSchema = z.enum(Object.keys(CONTENT_RULES) as [keyof typeof CONTENT_RULES]);

export const refusalSummarySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  rule: ruleSchema,
  matchedTerms: z.array(z.string()),
  /**
   * Per matched term, the person's own words it matched as they wrote them ("k1d" for "kid");
   * empty for refusals recorded before these were kept.
   */
  matchedWords: z.array(z.string()),
});

/** A refused prompt, the rule and words that matched, the review, and the person's history. */
export const adminRefusalSchema = refusalSummarySchema
  .extend({
    userId: z.string(),
    email: z.string(),
    /** The languages of the shipped word lists that hold the matched words (e.g. ["es"]). */
    languages: z.array(z.string()),
    sourcePrompt: z.string(),
    contentPrompt: z.string(),
    negativePrompt: z.string(),
    status: refusalStatusSchema,
    reviewedAt: z.iso.datetime({ offset: true }).nullable(),
    reviewedBy: z.string().nullable(),
    reviewReason: z.string().nullable(),
    history: z.object({
      /** Every refusal of the person, this one included. */
      count: z.number().int().nonnegative(),
      /** The latest, newest first (REFUSAL_HISTORY_SHOWN at most). */
      last: z.array(refusalSummarySchema),
      /** An operator suspended their generation until restored (the console's People page). */
      heldByOperator: z.boolean(),
      /**
       * When their automatic pause ends (refusals since an operator's restore), or null when none
       * is running.
       */
      suspendedUntil: z.iso.datetime({ offset: true }).nullable(),
    }),
  })
  .meta({ id: 'AdminRefusal' });
export type AdminRefusal = z.infer<typeof adminRefusalSchema>;

export const getAdminRefusalsResponseSchema = z.object({
  refusals: z.array(adminRefusalSchema),
  total: z.number().int().nonnegative(),
});
export type GetAdminRefusalsResponse = z.infer<typeof getAdminRefusalsResponseSchema>;

export const refusalIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/v1/admin/refusals/{id}/confirm. */
export const confirmRefusalBodySchema = z.object({ reason: adminReasonSchema });

/**
 * POST /api/v1/admin/refusals/{id}/false-positive: `phrase` is the words of the refused prompt
 * that were wrongly read (e.g. "kid gloves"); it becomes an allowed phrase.
 */
export const falsePositiveBodySchema = z.object({
  reason: adminReasonSchema,
  phrase: textWithoutBidiControls('phrase').trim().min(2).max(200),
});

export const reviewRefusalResponseSchema = z.object({
  refusal: adminRefusalSchema.omit({ history: true }),
  allowedPhraseId: z.uuid().nullable(),
});
export type ReviewRefusalResponse = z.infer<typeof reviewRefusalResponseSchema>;
