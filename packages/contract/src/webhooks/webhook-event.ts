import { z } from 'zod';
import { generationSchema } from '../generations/generation';
import { webhookEventTypeSchema } from './webhook';

/**
 * The body of every delivery: the event's id (the same on each retry; a receiver deduplicates by
 * it), its type, when it happened, and the generation as GET /api/v1/generations/{id} showed it
 * when it reached that state.
 */
export const webhookEventSchema = z
  .object({
    id: z.uuid(),
    type: webhookEventTypeSchema,
    created_at: z.iso.datetime({ offset: true }),
    data: z.object({ generation: generationSchema }),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Headers of every delivery (docs/webhooks.md). */
export const WEBHOOK_HEADERS = {
  eventId: 'Nocturne-Event-Id',
  signature: 'Nocturne-Signature',
} as const;
