import { z } from 'zod';

/**
 * GET /api/v1/subscriptions/price: `nowpayments` is the monthly price in USD (spec §3); the
 * lifetime price and the support address shown beside payment problems come with it.
 */
export const subscriptionPriceResponseSchema = z
  .object({
    nowpayments: z.number().positive(),
    lifetime: z.number().positive(),
    currency: z.literal('usd'),
    support_email: z.email(),
  })
  .meta({ id: 'SubscriptionPrice' });
export type SubscriptionPriceResponse = z.infer<typeof subscriptionPriceResponseSchema>;
