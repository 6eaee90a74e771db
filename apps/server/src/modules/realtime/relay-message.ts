import { z } from 'zod';

/** The PostgreSQL NOTIFY channel carrying realtime events from worker-only processes. */
export const REALTIME_RELAY_CHANNEL = 'nocturne_realtime';

/** One relayed publish; `compacted` tells the API side to run the event's codec `hydrate`. */
export const relayMessageSchema = z.object({
  channel: z.string(),
  event: z.string(),
  payload: z.unknown(),
  compacted: z.literal(true).optional(),
});
export type RelayMessage = z.infer<typeof relayMessageSchema>;
