import { z } from 'zod';
import { PAGE_SIZE } from '../constants';

export const CREDIT_HISTORY_MAX_LIMIT = 100;

/**
 * Why a ledger row exists. `generation` rows are debits; `refund` rows undo a failed generation;
 * `admin_grant` and `admin_debit` are an operator's, with the reason in the audit log.
 */
export const CREDIT_REASONS = [
  'daily_grant',
  'generation',
  'refund',
  'topup',
  'adjustment',
  'admin_grant',
  'admin_debit',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** What a generation line made: a new image from a prompt, a variation or an upscale of a result. */
export const CREDIT_LINE_KINDS = ['generation', 'variation', 'upscale', 'inpaint'] as const;
export type CreditLineKind = (typeof CREDIT_LINE_KINDS)[number];

/** Between the different prompts a batch's images got, on one credit line. */
export const CREDIT_LINE_PROMPT_SEPARATOR = ' · ';

export const getCreditHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CREDIT_HISTORY_MAX_LIMIT).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(['created_at', 'amount']).default('created_at'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type GetCreditHistoryQuery = z.infer<typeof getCreditHistoryQuerySchema>;

export const creditHistoryEntrySchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    reason: z.enum(CREDIT_REASONS),
    created_at: z.iso.datetime({ offset: true }),
    /** The first image's generation when the line is about generations. */
    generation_id: z.string().nullable().optional(),
    /**
     * Ledger rows this line stands for: the debits (or refunds) of one submit's images made in one
     * transaction read as one line, `amount` their sum.
     */
    image_count: z.number().int().positive().optional(),
    /**
     * What a generation line paid for (or a refund gave back): the prompt each image got, its
     * choices picked (distinct prompts in image order, joined by CREDIT_LINE_PROMPT_SEPARATOR),
     * cut to HISTORY_PREVIEW_CHARS.
     */
    prompt: z.string().nullable().optional(),
    /** What a generation line (or its refund) made: a new image, a variation or an upscale. */
    kind: z.enum(CREDIT_LINE_KINDS).nullable().optional(),
    /** The credit pack a purchase (or its refund) was for. */
    package_id: z.string().nullable().optional(),
  })
  .meta({ id: 'CreditHistoryEntry' });
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** GET /api/v1/credits/history: `total` and the pages count lines, not ledger rows. */
export const getCreditHistoryResponseSchema = z
  .object({ history: z.array(creditHistoryEntrySchema), total: z.number().int().nonnegative() })
  .meta({ id: 'CreditHistory' });
export type GetCreditHistoryResponse = z.infer<typeof getCreditHistoryResponseSchema>;
