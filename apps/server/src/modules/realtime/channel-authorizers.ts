import type { ChannelKind, ParsedChannel } from '@nocturne/contract/realtime/channels';
import type { TokenUser } from '../auth/create-token-verifier';

/** Decides whether `user` may join the channel `kind:id`. */
export type ChannelAuthorizer = (user: TokenUser, channelId: string) => Promise<boolean> | boolean;

export type AuthorizeResult = { allowed: true } | { allowed: false; reason: string };

export interface ChannelAuthorizerRegistry {
  /** Called by a module at start (e.g. generations: does this request id belong to the user?). */
  register(kind: ChannelKind, authorizer: ChannelAuthorizer): void;
  authorize(user: TokenUser, channel: ParsedChannel): Promise<AuthorizeResult>;
}

/** Per-user channels carry the owner's id, so ownership is a comparison. */
const ownUserOnly: ChannelAuthorizer = (user, channelId) => user.id === channelId;

/**
 * A user may join only their own channels (ARCHITECTURE.md: Realtime). credits and subscription
 * are checked here; generation channels need the generations module's authorizer and are
 * refused until one is registered.
 */
export function createChannelAuthorizerRegistry(): ChannelAuthorizerRegistry {
  const authorizers = new Map<ChannelKind, ChannelAuthorizer>([
    ['credits', ownUserOnly],
    ['subscription', ownUserOnly],
  ]);
  return {
    register(kind, authorizer) {
      authorizers.set(kind, authorizer);
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
