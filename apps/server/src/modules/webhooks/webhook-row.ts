import type { Webhook } from '@nocturne/contract/webhooks/webhook';
import type { WebhookDelivery } from '@nocturne/contract/webhooks/webhook-deliveries';
import type { webhookDeliveries, webhooks } from './webhooks-tables';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A webhook as the API lists it: never its secret. */
export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    created_at: row.createdAt.toISOString(),
  };
}

/** A delivery as the API shows it; its next attempt only while one is to come. */
export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const answered = row.lastStatus !== null || row.lastError !== null;
  return {
    event_id: row.eventId,
    event: row.eventType,
    status: row.status,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_answer: answered ? { status: row.lastStatus, error: row.lastError } : null,
  };
}
