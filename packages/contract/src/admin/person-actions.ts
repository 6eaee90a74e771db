import { z } from 'zod';
import { adminReasonSchema } from './admin-actions';

/** The largest grant or debit one request may make. */
export const ADMIN_CREDIT_CHANGE_MAX = 100_000;

/** POST /api/v1/admin/users/{id}/credits: a signed, non-zero whole number and why. */
export const adjustPersonCreditsBodySchema = z.object({
  amount: z
    .number()
    .int()
    .min(-ADMIN_CREDIT_CHANGE_MAX)
    .max(ADMIN_CREDIT_CHANGE_MAX)
    .refine((value) => value !== 0, 'must not be 0'),
  reason: adminReasonSchema,
});

export type AdjustPersonCreditsBody = z.infer<typeof adjustPersonCreditsBodySchema>;

export const adjustPersonCreditsResponseSchema = z.object({
  balance: z.number().int().nonnegative(),
});

/** PUT /api/v1/admin/users/{id}/generation: suspend (until restored) or restore. */
export const setPersonGenerationBodySchema = z.object({
  suspended: z.boolean(),
  reason: adminReasonSchema,
});

export const setPersonGenerationResponseSchema = z.object({ suspended: z.boolean() });

/** DELETE /api/v1/admin/users/{id}/sessions and DELETE /api/v1/admin/users/{id}. */
export const adminReasonBodySchema = z.object({ reason: adminReasonSchema });

export const endPersonSessionsResponseSchema = z.object({
  ended: z.number().int().nonnegative(),
});

export const deletePersonResponseSchema = z.object({ deleted: z.literal(true) });
