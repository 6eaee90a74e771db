import { z } from 'zod';
import { checkoutResponseSchema } from '../subscriptions/create-subscription';

/**
 * POST /api/v1/credits/topup: an invoice for one pack. NOT_FOUND (404) for an unknown package_id.
 * A finished payment adds the pack's credits once, as a `topup` row in the credit history.
 */
export const topUpCreditsBodySchema = z
  .object({ package_id: z.string().min(1).max(40) })
  .meta({ id: 'TopUpCreditsBody' });
export type TopUpCreditsBody = z.infer<typeof topUpCreditsBodySchema>;

export const topUpCreditsResponseSchema = checkoutResponseSchema;
export type TopUpCreditsResponse = z.infer<typeof topUpCreditsResponseSchema>;
