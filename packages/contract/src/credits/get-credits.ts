import { z } from 'zod';

/** GET /api/v1/credits: the signed-in user's credit state (spec §3 credit balance response). */
export const creditStateSchema = z
  .object({
    balance: z.number().int().nonnegative(),
    user_type: z.string().default('standard'),
    is_premium: z.boolean(),
    next_eligible_at: z.iso.datetime({ offset: true }).nullable(),
    can_request_credits: z.boolean(),
  })
  .meta({ id: 'CreditState' });

export type CreditState = z.infer<typeof creditStateSchema>;

export const getCreditsResponseSchema = creditStateSchema;
export type GetCreditsResponse = CreditState;
