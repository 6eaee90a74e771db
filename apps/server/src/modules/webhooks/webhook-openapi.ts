import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { WEBHOOK_EVENT_TYPES } from '@nocturne/contract/webhooks/webhook';
import { webhookEventSchema, WEBHOOK_HEADERS } from '@nocturne/contract/webhooks/webhook-event';

type OpenApi31 = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>;
type WebhooksObject = NonNullable<OpenApi31['webhooks']>;

/** The component every event's body is (registered by its `.meta({ id })`). */
const EVENT_SCHEMA_ID = String(webhookEventSchema.meta()?.id);

const WHEN: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'generation.completed': 'An image is done; `result_image_url` is a signed link to it.',
  'generation.failed': 'An image failed for good; `error` says why.',
  'generation.cancelled': 'An image was cancelled; it ends `failed` with the reason Cancelled.',
};

/**
 * The OpenAPI 3.1 `webhooks` object: each event Nocturne POSTs to a webhook's URL, with its body
 * and headers (docs/webhooks.md).
 */
export const webhookEventsDocument: WebhooksObject = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [
    type,
    {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: `The ${type} event`,
        description: `${WHEN[type]} Signed: see docs/webhooks.md.`,
        tags: ['webhooks'],
        parameters: [
          {
            name: WEBHOOK_HEADERS.eventId,
            in: 'header' as const,
            required: true,
            description: "The event's id, the same on every retry: deduplicate by it.",
            schema: { type: 'string' as const, format: 'uuid' },
          },
          {
            name: WEBHOOK_HEADERS.signature,
            in: 'header' as const,
            required: true,
            description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>',
            schema: { type: 'string' as const },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${EVENT_SCHEMA_ID}` } },
          },
        },
        responses: {
          '2XX': { description: 'Delivered; any other answer is retried for 24 hours.' },
        },
      },
    },
  ]),
);
