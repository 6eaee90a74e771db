import { z } from 'zod';

/** The reason a cancelled generation ends `failed` with (the spec's four statuses stay). */
export const CANCELLED_REASON = 'Cancelled';

/**
 * POST /api/v1/generations/{id}/cancel. Queued and running images of the submit end `failed`
 * with CANCELLED_REASON and their credits come back; `refunded` counts the credits returned.
 */
export const cancelGenerationResponseSchema = z
  .object({
    cancelled: z.number().int().nonnegative(),
    refunded: z.number().int().nonnegative(),
  })
  .meta({ id: 'CancelGenerationResponse' });
export type CancelGenerationResponse = z.infer<typeof cancelGenerationResponseSchema>;
