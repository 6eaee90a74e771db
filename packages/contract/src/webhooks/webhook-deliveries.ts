import { z } from 'zod';
import { webhookEventTypeSchema } from './webhook';

/** How many deliveries GET /api/v1/webhooks/{id}/deliveries answers, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** The most of a receiver's answer or error kept per delivery: enough to tell what went wrong. */
export const WEBHOOK_ANSWER_EXCERPT_MAX = 200;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event's delivery to one webhook: where it stands and what the receiver last answered. */
export const webhookDeliverySchema = z
  .object({
    event_id: z.string(),
    event: webhookEventTypeSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int().min(0),
    created_at: z.iso.datetime({ offset: true }),
    /** When the next attempt is due; null once delivered or failed. */
    next_attempt_at: z.iso.datetime({ offset: true }).nullable(),
    /** The receiver's last answer: its HTTP status, or why no answer came (an excerpt). */
    last_answer: z
      .object({
        status: z.number().int().nullable(),
        error: z.string().max(WEBHOOK_ANSWER_EXCERPT_MAX).nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/v1/webhooks/{id}/deliveries: the most recent first. */
export const findWebhookDeliveriesResponseSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema) })
  .meta({ id: 'FindWebhookDeliveriesResponse' });
export type FindWebhookDeliveriesResponse = z.infer<typeof findWebhookDeliveriesResponseSchema>;
