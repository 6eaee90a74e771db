import type { z } from 'zod';
import { adminOverviewSchema } from '../admin/overview';
import { serviceStatusSchema } from '../admin/service-settings';
import { generationSchema } from '../generations/generation';
import { generationUpdateEventSchema } from '../generations/generation-events';
import type { ChannelKind } from './channels';

/**
 * generation:{request_id}'s snapshot: the request's first image exactly as GET
 * /generations/{request_id} answers it and, while it is queued, its place and wait as a `queued`
 * update carries them. A fresh submit's only report of its place: nobody can have joined its
 * channel before the POST answered the request id.
 */
export const generationSnapshotSchema = generationSchema.extend(
  generationUpdateEventSchema.pick({ queue_position: true, estimated_wait_s: true }).shape,
);
export type GenerationSnapshot = z.infer<typeof generationSnapshotSchema>;

/**
 * What a join's SUBSCRIBED ack carries, per channel kind that has a state worth reading. The
 * server reads it after the socket joined the room, so every later change arrives as an event and
 * every earlier one is in the snapshot.
 */
export const joinSnapshots = {
  generation: generationSnapshotSchema,
  service: serviceStatusSchema,
  /** admin:overview: the overview as of the join; admin:models has none. */
  admin: adminOverviewSchema.optional(),
} as const satisfies Partial<Record<ChannelKind, z.ZodType>>;

export type SnapshotKind = keyof typeof joinSnapshots;

/** The snapshot type of channel kind K (never for kinds without one). */
export type JoinSnapshot<K extends ChannelKind> = K extends SnapshotKind
  ? z.infer<(typeof joinSnapshots)[K]>
  : never;

export function hasJoinSnapshot(kind: ChannelKind): kind is SnapshotKind {
  return Object.hasOwn(joinSnapshots, kind);
}

/**
 * The snapshot of a SUBSCRIBED ack on a channel of `kind`, parsed: `{ ok: true, snapshot }`
 * (undefined for kinds without one), or `{ ok: false }` when a kind that has one arrived without
 * it or malformed.
 */
export function parseJoinSnapshot<K extends ChannelKind>(
  kind: K,
  raw: unknown,
): { ok: true; snapshot: JoinSnapshot<K> | undefined } | { ok: false } {
  if (!hasJoinSnapshot(kind)) return { ok: true, snapshot: undefined };
  const parsed = joinSnapshots[kind].safeParse(raw);
  return parsed.success ? { ok: true, snapshot: parsed.data as JoinSnapshot<K> } : { ok: false };
}
