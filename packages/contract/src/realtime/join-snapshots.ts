import type { z } from 'zod';
import { generationSchema } from '../generations/generation';
import type { ChannelKind } from './channels';

/**
 * What a join's SUBSCRIBED ack carries, per channel kind that has a state worth reading: for
 * generation:{request_id}, the request's first image exactly as GET /generations/{request_id}
 * answers it. The server reads it after the socket joined the room, so every later change arrives
 * as an event and every earlier one is in the snapshot.
 */
export const joinSnapshots = {
  generation: generationSchema,
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
