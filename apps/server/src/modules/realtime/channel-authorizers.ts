import type { ChannelKind, ParsedChannel } from '@nocturne/contract/realtime/channels';
import type { JoinSnapshot, SnapshotKind } from '@nocturne/contract/realtime/join-snapshots';
import type { TokenUser } from '../auth/create-token-verifier';

/** Decides whether `user` may join the channel `kind:id`. */
export type ChannelAuthorizer = (user: TokenUser, channelId: string) => Promise<boolean> | boolean;

/**
 * Reads the state of channel `kind:id` for the join's ack (join-snapshots.ts). Called after the
 * socket joined the room and only for a user the authorizer let in.
 */
export type ChannelSnapshotReader<K extends SnapshotKind> = (
  user: TokenUser,
  channelId: string,
) => Promise<JoinSnapshot<K>>;

export type AuthorizeResult = { allowed: true } | { allowed: false; reason: string };

export interface ChannelAuthorizerRegistry {
  /** Called by a module at start (e.g. generations: does this request id belong to the user?). */
  register(kind: ChannelKind, authorizer: ChannelAuthorizer): void;
  /** Called by a module whose channel kind carries a snapshot in the join's ack. */
  registerSnapshot<K extends SnapshotKind>(kind: K, reader: ChannelSnapshotReader<K>): void;
  authorize(user: TokenUser, channel: ParsedChannel): Promise<AuthorizeResult>;
  /** The channel's snapshot; undefined for kinds without a reader. */
  snapshot(user: TokenUser, channel: ParsedChannel): Promise<unknown>;
}

/** Per-user channels carry the owner's id, so ownership is a comparison. */
const ownUserOnly: ChannelAuthorizer = (user, channelId) => user.id === channelId;

/**
 * A user may join only their own channels (docs/architecture.md#realtime). credits and subscription
 * are checked here; generation channels need the generations module's authorizer and are
 * refused until one is registered.
 */
export function createChannelAuthorizerRegistry(): ChannelAuthorizerRegistry {
  const authorizers = new Map<ChannelKind, ChannelAuthorizer>([
    ['credits', ownUserOnly],
    ['subscription', ownUserOnly],
  ]);
  const snapshotReaders = new Map<ChannelKind, ChannelSnapshotReader<SnapshotKind>>();
  return {
    register(kind, authorizer) {
      authorizers.set(kind, authorizer);
    },
    registerSnapshot(kind, reader) {
      snapshotReaders.set(kind, reader);
    },
    async snapshot(user, channel) {
      return snapshotReaders.get(channel.kind)?.(user, channel.id);
    },
    async authorize(user, channel) {
      const authorizer = authorizers.get(channel.kind);
      if (!authorizer)
        return { allowed: false, reason: `No authorizer for ${channel.kind} channels` };
      return (await authorizer(user, channel.id))
        ? { allowed: true }
        : { allowed: false, reason: 'Not allowed to join this channel' };
    },
  };
}
