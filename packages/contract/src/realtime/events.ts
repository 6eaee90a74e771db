import { z } from 'zod';
import { modelPullStateSchema } from '../admin/models';
import { adminOverviewSchema } from '../admin/overview';
import { serviceStatusSchema } from '../admin/service-settings';
import {
  generationPreviewEventSchema,
  generationResultEventSchema,
  generationUpdateEventSchema,
} from '../generations/generation-events';
import type { ChannelKind, ChannelName } from './channels';

/** Every credits:{userId} event asks the client to re-read GET /credits (spec §4 Credits). */
const creditUpdatedSchema = z.object({ balance: z.number().int().nonnegative() });
const premiumChangedSchema = z.object({});

/** Every subscription:{userId} event asks the client to re-read its status (spec §4 Subscription). */
const subscriptionChangedSchema = z.object({
  status: z.enum(['active', 'cancelled', 'expired']),
});

/**
 * The realtime event map: per channel kind, each event name with its payload schema. The server can
 * publish only these (type-checked), and the web client parses what arrives with the same schemas.
 */
export const realtimeEvents = {
  credits: {
    credit_updated: creditUpdatedSchema,
    premium_activated: premiumChangedSchema,
    premium_expired: premiumChangedSchema,
    premium_cancelled: premiumChangedSchema,
  },
  subscription: {
    'subscription.activated': subscriptionChangedSchema,
    'subscription.cancelled': subscriptionChangedSchema,
    'subscription.expired': subscriptionChangedSchema,
  },
  generation: {
    update: generationUpdateEventSchema,
    result: generationResultEventSchema,
    preview: generationPreviewEventSchema,
  },
  service: {
    status_changed: serviceStatusSchema,
  },
  /**
   * Operators' channels: `admin:models` sends a console pull's progress (throttled),
   * `admin:overview` the overview every few seconds.
   */
  admin: {
    pull_progress: modelPullStateSchema,
    overview_updated: adminOverviewSchema,
  },
} as const satisfies Record<ChannelKind, Record<string, z.ZodType>>;

export type RealtimeEventMap = typeof realtimeEvents;
export type RealtimeEventName<K extends ChannelKind> = keyof RealtimeEventMap[K] & string;
export type RealtimeEventPayload<K extends ChannelKind, E extends RealtimeEventName<K>> = z.infer<
  RealtimeEventMap[K][E]
>;

/** The kind of a typed channel name: `credits:u1` → `credits`. */
export type KindOfChannel<C extends ChannelName> =
  C extends `${infer K extends ChannelKind}:${string}` ? K : never;

/** One event of the map, as a value (what a transaction collects and the publisher sends). */
export type RealtimeEvent = {
  [K in ChannelKind]: {
    [E in RealtimeEventName<K>]: {
      channel: ChannelName<K>;
      event: E;
      payload: RealtimeEventPayload<K, E>;
    };
  }[RealtimeEventName<K>];
}[ChannelKind];

/** The event names of one channel kind, e.g. to check a name before parsing. */
export function realtimeEventNames<K extends ChannelKind>(kind: K): RealtimeEventName<K>[] {
  return Object.keys(realtimeEvents[kind]) as RealtimeEventName<K>[];
}

/** A received event of kind K, typed by name. */
export type ParsedRealtimeEvent<K extends ChannelKind> = {
  [E in RealtimeEventName<K>]: { event: E; payload: RealtimeEventPayload<K, E> };
}[RealtimeEventName<K>];

/**
 * Parses an event that arrived on a channel of `kind`: undefined when the name is not in the map
 * or the payload does not match its schema (the caller logs and ignores it).
 */
export function parseRealtimeEvent<K extends ChannelKind>(
  kind: K,
  event: string,
  payload: unknown,
): ParsedRealtimeEvent<K> | undefined {
  const schemas = realtimeEvents[kind] as Record<string, z.ZodType>;
  const schema = Object.hasOwn(schemas, event) ? schemas[event] : undefined;
  if (!schema) return undefined;
  const parsed = schema.safeParse(payload);
  return parsed.success ? ({ event, payload: parsed.data } as ParsedRealtimeEvent<K>) : undefined;
}
