import { z } from 'zod';
import { webhookSchema } from './webhook';

/** GET /api/v1/webhooks: the person's webhooks, oldest first, without their secrets. */
export const findWebhooksResponseSchema = z
  .object({ webhooks: z.array(webhookSchema) })
  .meta({ id: 'FindWebhooksResponse' });
export type FindWebhooksResponse = z.infer<typeof findWebhooksResponseSchema>;

/** DELETE /api/v1/webhooks/{id}: another person's id is 404 NOT_FOUND. */
export const deleteWebhookResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeleteWebhookResponse' });
export type DeleteWebhookResponse = z.infer<typeof deleteWebhookResponseSchema>;
