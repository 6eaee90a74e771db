import {
  parseChannel,
  REALTIME_JOIN_EVENT,
  REALTIME_LEAVE_EVENT,
  type JoinAck,
  type LeaveAck,
} from '@nocturne/contract/realtime/channels';
import type { Logger } from '../../lib/create-logger';
import type { Socket } from 'socket.io';
import type { TokenUser } from '../auth/create-token-verifier';
import type { ChannelAuthorizerRegistry } from './channel-authorizers';

type Ack<T> = (response: T) => void;

function asAck<T>(candidate: unknown): Ack<T> {
  return typeof candidate === 'function' ? (candidate as Ack<T>) : () => undefined;
}

/** Joins one socket may ask for per JOIN_WINDOW_MS; a client joins a handful per page. */
export const MAX_JOINS_PER_WINDOW = 30;
export const JOIN_WINDOW_MS = 10_000;

/**
 * `join` (channel, ack) → SUBSCRIBED (with the channel's snapshot, for kinds that have one) or
 * CHANNEL_ERROR with a reason; `leave` (channel, ack) → CLOSED. Rooms are named exactly like the
 * channels, so publish(channel) targets the room. Every join first re-checks the socket's token
 * (expired, or its account deleted since the handshake: the socket is closed) and is throttled
 * per socket. A joined socket is checked again when its person's rights change
 * (recheck-socket-rooms.ts).
 */
export function handleChannelRequests(
  socket: Socket,
  options: {
    authorizers: ChannelAuthorizerRegistry;
    logger: Logger;
    stillValid: () => Promise<boolean>;
    /** How many re-checks of the socket's rights have started (recheck-socket-rooms.ts). */
    rechecks: () => number;
  },
) {
  const { authorizers, logger } = options;
  const user = (socket.data as { user: TokenUser }).user;
  let windowStart = 0;
  let joinsInWindow = 0;

  socket.on(REALTIME_JOIN_EVENT, async (channel: unknown, callback: unknown) => {
    const ack = asAck<JoinAck>(callback);
    const name = typeof channel === 'string' ? channel : '';
    const now = Date.now();
    if (now - windowStart >= JOIN_WINDOW_MS) {
      windowStart = now;
      joinsInWindow = 0;
    }
    joinsInWindow += 1;
    if (joinsInWindow > MAX_JOINS_PER_WINDOW) {
      return ack({ status: 'CHANNEL_ERROR', channel: name, reason: 'Too many joins' });
    }
    const parsed = parseChannel(name);
    if (!parsed) return ack({ status: 'CHANNEL_ERROR', channel: name, reason: 'Unknown channel' });
    if (!(await options.stillValid())) {
      ack({ status: 'CHANNEL_ERROR', channel: name, reason: 'Session expired' });
      socket.disconnect(true);
      return;
    }
    try {
      const rechecksBefore = options.rechecks();
      let decision = await authorizers.authorize(user, parsed);
      if (decision.allowed) {
        await socket.join(name);
        // A re-check that ran while this join was authorized could not see the room yet, and the
        // answer may predate the change that caused it: the join asks again.
        if (options.rechecks() !== rechecksBefore) {
          decision = await authorizers.authorize(user, parsed);
          if (!decision.allowed) await socket.leave(name);
        }
      }
      if (!decision.allowed) {
        return ack({ status: 'CHANNEL_ERROR', channel: name, reason: decision.reason });
      }
    } catch (error) {
      logger.error({ err: error, channel: name }, 'channel authorization failed');
      // The second question may fail after the join: a refused join holds no room.
      await socket.leave(name);
      return ack({ status: 'CHANNEL_ERROR', channel: name, reason: 'Authorization failed' });
    }
    try {
      // After the join: what changes from here on arrives as events, what changed before is in it.
      const snapshot = await authorizers.snapshot(user, parsed);
      return ack({ status: 'SUBSCRIBED', channel: name, ...(snapshot ? { snapshot } : {}) });
    } catch (error) {
      logger.error({ err: error, channel: name }, 'channel snapshot could not be read');
      // Without its snapshot the client could miss a change made before the join.
      await socket.leave(name);
      return ack({ status: 'CHANNEL_ERROR', channel: name, reason: 'Channel state unavailable' });
    }
  });

  socket.on(REALTIME_LEAVE_EVENT, async (channel: unknown, callback: unknown) => {
    const ack = asAck<LeaveAck>(callback);
    const name = typeof channel === 'string' ? channel : '';
    // Only channels: the per-user room must stay joined so account deletion can reach the socket.
    if (parseChannel(name)) await socket.leave(name);
    ack({ status: 'CLOSED', channel: name });
  });
}
