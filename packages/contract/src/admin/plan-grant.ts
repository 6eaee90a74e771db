import { z } from 'zod';
import { subscriptionPlanSchema } from '../subscriptions/subscription-plans';
import { adminReasonSchema } from './admin-actions';

/**
 * POST /api/v1/admin/users/{id}/plan: a plan granted by hand once a provider's payment was proven
 * outside the IPN. `reference` names that payment (the provider's payment id, or the proof's id);
 * one reference grants once.
 */
export const grantPlanBodySchema = z.object({
  plan: subscriptionPlanSchema,
  reason: adminReasonSchema,
  reference: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .regex(/^[\w.:\-/#]+$/, 'letters, digits and . : - / # _ only'),
});

export type GrantPlanBody = z.infer<typeof grantPlanBodySchema>;

export const grantPlanResponseSchema = z.object({
  /** False when the reference was already used: nothing was granted this time. */
  granted: z.boolean(),
  /** The payment row that carries the grant (the earlier one when `granted` is false). */
  paymentId: z.string(),
  userId: z.string(),
  plan: z.string(),
  /** That person's subscription now (null only when the earlier grant's account is deleted). */
  subscription: z
    .object({
      plan: z.string(),
      status: z.string(),
      isLifetime: z.boolean(),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable(),
});

export type GrantPlanResponse = z.infer<typeof grantPlanResponseSchema>;
