import { z } from 'zod';
import { webhookEventsSchema, webhookUrlSchema } from './webhook';

/**
 * POST /api/v1/webhooks: 422 WEBHOOK_URL_NOT_ALLOWED for a URL that is not https or names a
 * private address (unless the server allows them), 409 WEBHOOK_LIMIT_REACHED past
 * WEBHOOKS_PER_PERSON_MAX.
 */
export const createWebhookRequestSchema = z
  .object({ url: webhookUrlSchema, events: webhookEventsSchema })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** The signing secret (`whsec_` and 64 hex digits) is in this answer only. */
export const createWebhookResponseSchema = z
  .object({ id: z.string(), secret: z.string().startsWith('whsec_') })
  .meta({ id: 'CreateWebhookResponse' });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponseSchema>;
