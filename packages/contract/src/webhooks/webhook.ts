import { z } from 'zod';

/** How many webhooks one person keeps; a create beyond it is WEBHOOK_LIMIT_REACHED. */
export const WEBHOOKS_PER_PERSON_MAX = 10;
/** A longer URL is not one a person types; it also bounds what each delivery row repeats. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

/** The events a webhook may ask for: a generation reaching each of its terminal states. */
export const WEBHOOK_EVENT_TYPES = [
  'generation.completed',
  'generation.failed',
  'generation.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** Where deliveries go: an http(s) URL; the server checks its scheme and host (see the route). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, `A URL is at most ${WEBHOOK_URL_MAX_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter a URL starting with https://.' }));

/** The events a webhook receives: at least one, each once. */
export const webhookEventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'Each event once.');

/** A webhook as GET /api/v1/webhooks lists it: never its secret, which is shown once. */
export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookParamsSchema = z.object({ id: z.uuid() });
