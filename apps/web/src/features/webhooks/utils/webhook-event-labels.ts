import type { WebhookEventType } from '@nocturne/contract/webhooks/webhook';

/** Each event in the profile's words, with its name as a receiver sees it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'generation.completed': 'An image is done',
  'generation.failed': 'An image failed',
  'generation.cancelled': 'An image was cancelled',
};
