import { z } from 'zod';

/**
 * Realtime wire protocol (Socket.IO, path /realtime, handshake `auth: { token }`):
 * the client emits `join`/`leave` with a channel name and an ack callback; the server sends every
 * event as `message` with `{ channel, event, payload }`.
 */
export const REALTIME_PATH = '/realtime';
export const REALTIME_JOIN_EVENT = 'join';
export const REALTIME_LEAVE_EVENT = 'leave';
export const REALTIME_MESSAGE_EVENT = 'message';

/** Spec §4 subscription statuses. SUBSCRIBED and CHANNEL_ERROR come from the server's ack. */
export const CHANNEL_STATUSES = ['SUBSCRIBED', 'CHANNEL_ERROR', 'TIMED_OUT', 'CLOSED'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const joinAckSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('SUBSCRIBED'),
    channel: z.string(),
    /**
     * The channel's state as of the join, read after the socket joined its room, for the kinds
     * that have one (join-snapshots.ts): a change made before the join is not missed, and the
     * client needs no read of its own.
     */
    snapshot: z.unknown().optional(),
  }),
  z.object({ status: z.literal('CHANNEL_ERROR'), channel: z.string(), reason: z.string() }),
]);
export type JoinAck = z.infer<typeof joinAckSchema>;

export const leaveAckSchema = z.object({ status: z.literal('CLOSED'), channel: z.string() });
export type LeaveAck = z.infer<typeof leaveAckSchema>;

export const realtimeMessageSchema = z.object({
  channel: z.string(),
  event: z.string(),
  payload: z.unknown(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

export const CHANNEL_KINDS = ['credits', 'subscription', 'generation', 'service', 'admin'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The operators-only `admin:{topic}` channels (the console's live sections). */
export const ADMIN_CHANNEL_TOPICS = ['models', 'overview'] as const;
export type AdminChannelTopic = (typeof ADMIN_CHANNEL_TOPICS)[number];

/** A channel name typed by its kind, so a publish can be checked against that kind's events. */
export type ChannelName<K extends ChannelKind = ChannelKind> = `${K}:${string}`;

export const channels = {
  credits: (userId: string): ChannelName<'credits'> => `credits:${userId}`,
  subscription: (userId: string): ChannelName<'subscription'> => `subscription:${userId}`,
  generation: (requestId: string): ChannelName<'generation'> => `generation:${requestId}`,
  /** The one channel every signed-in person may join: the generation switch and announcement. */
  service: (): ChannelName<'service'> => 'service:status',
  /**
   * Operators only (the console): `admin:models` carries the console's model pulls,
   * `admin:overview` the overview, pushed every few seconds while someone listens.
   */
  admin: (topic: AdminChannelTopic): ChannelName<'admin'> => `admin:${topic}`,
} as const;

export interface ParsedChannel {
  kind: ChannelKind;
  id: string;
}

const CHANNEL_PATTERN = /^(credits|subscription|generation|service|admin):([A-Za-z0-9_-]{1,128})$/;

/** Parses `kind:id`; undefined for anything that is not one of the known channel shapes. */
export function parseChannel(name: string): ParsedChannel | undefined {
  const match = CHANNEL_PATTERN.exec(name);
  if (!match) return undefined;
  return { kind: match[1] as ChannelKind, id: match[2] as string };
}
