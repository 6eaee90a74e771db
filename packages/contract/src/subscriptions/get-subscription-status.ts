import { z } from 'zod';
import { subscriptionPlanSchema, subscriptionStatusSchema } from './subscription-plans';

/**
 * GET /api/v1/subscriptions/status (spec §3). `invoice_url` is present while a payment is pending
 * (the first one, or a renewal of an active plan). `ever_paid` tells an expired plan that was once
 * paid for from a first invoice that lapsed unpaid (absent in the older reading).
 */
export const subscriptionStatusResponseSchema = z
  .discriminatedUnion('has_subscription', [
    z.object({ has_subscription: z.literal(false) }),
    z.object({
      has_subscription: z.literal(true),
      status: subscriptionStatusSchema,
      plan: subscriptionPlanSchema,
      is_lifetime: z.boolean(),
      expires_at: z.iso.datetime({ offset: true }).nullable(),
      invoice_url: z.url().optional(),
      ever_paid: z.boolean().optional(),
    }),
  ])
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;
