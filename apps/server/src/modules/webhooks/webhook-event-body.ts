import type { WebhookEvent } from '@nocturne/contract/webhooks/webhook-event';
import { generationOfSnapshot } from '../generations/generation-snapshot';
import type { ImageStore } from '../images/image-store';
import type { WebhookDeliveryRow } from './webhook-row';

/**
 * The JSON a delivery sends (contract webhooks/webhook-event.ts), built once at its first attempt
 * and then kept, so every retry sends the same bytes under the same event id.
 */
export function webhookEventBody(
  delivery: WebhookDeliveryRow,
  urlFor: ImageStore['urlFor'],
): string {
  if (delivery.body !== null) return delivery.body;
  const event: WebhookEvent = {
    id: delivery.eventId,
    type: delivery.eventType,
    created_at: delivery.createdAt.toISOString(),
    data: { generation: generationOfSnapshot(delivery.generation, urlFor) },
  };
  return JSON.stringify(event);
}
