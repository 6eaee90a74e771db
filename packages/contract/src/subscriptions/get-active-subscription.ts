import { z } from 'zod';

/** GET /api/v1/subscriptions/active: the shell's start-up check (spec §4). */
export const getActiveSubscriptionResponseSchema = z
  .object({ was_expired: z.boolean() })
  .meta({ id: 'ActiveSubscriptionCheck' });

export type GetActiveSubscriptionResponse = z.infer<typeof getActiveSubscriptionResponseSchema>;
