import { z } from 'zod';
import { subscriptionPlanSchema } from './subscription-plans';

/**
 * POST /api/v1/subscriptions/create. The spec's call sends an empty body: that is a monthly plan.
 * Refusals: VALIDATION_ERROR (422) without a verified email; ALREADY_EXISTS (409) while premium is
 * active (a monthly plan may be renewed once it is expiring soon, and moved to lifetime any time).
 * A live pending invoice for the same plan is answered again instead of a new one.
 */
export const createSubscriptionBodySchema = z
  .object({ plan: subscriptionPlanSchema.default('monthly') })
  .meta({ id: 'CreateSubscriptionBody' });
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBodySchema>;

/** The provider's hosted invoice page the person pays on. */
export const checkoutResponseSchema = z
  .object({ message: z.string(), invoice_url: z.url() })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const createSubscriptionResponseSchema = checkoutResponseSchema;
export type CreateSubscriptionResponse = CheckoutResponse;
