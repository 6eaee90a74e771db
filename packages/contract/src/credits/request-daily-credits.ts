import { z } from 'zod';
import { creditStateSchema } from './get-credits';

/**
 * POST /api/v1/credits/request-daily: grants DAILY_CREDITS when the balance is 0, the user is not
 * premium and the cooldown has passed. Answers the new credit state.
 * Refusals: PREMIUM_USER_NO_DAILY_CREDITS (403), CREDITS_NOT_EXHAUSTED (409),
 * COOLDOWN_ACTIVE (429, with a Retry-After header and `next_eligible_at` in the body).
 */
export const requestDailyCreditsResponseSchema = creditStateSchema;
export type RequestDailyCreditsResponse = z.infer<typeof requestDailyCreditsResponseSchema>;

export const cooldownActiveErrorSchema = z
  .object({
    error: z.literal('COOLDOWN_ACTIVE'),
    message: z.string(),
    next_eligible_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'CooldownActiveError' });
export type CooldownActiveError = z.infer<typeof cooldownActiveErrorSchema>;
