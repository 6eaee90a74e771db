import {
  REALTIME_LEAVE_EVENT,
  type ChannelKind,
  type ChannelName,
} from '@nocturne/contract/realtime/channels';
import {
  createConnection,
  ensureSocket,
  join,
  setStatus,
  type RealtimeConnection,
  type Subscription,
} from './realtime-connection';
import type { RealtimeClient, RealtimeClientDeps } from './realtime.types';
import './zod-config';

export type {
  RealtimeClient,
  RealtimeClientDeps,
  RealtimeEventHandler,
  RealtimeStatusHandler,
} from './realtime.types';

function channelKind(channel: ChannelName): ChannelKind {
  return channel.slice(0, channel.indexOf(':')) as ChannelKind;
}

/** Adds a subscriber and joins its channel after the subscribe delay; returns its unsubscribe. */
function subscribe(
  connection: RealtimeConnection,
  channel: ChannelName,
  onEvent: Subscription['onEvent'],
  onStatus: Subscription['onStatus'],
): () => void {
  const sub: Subscription = {
    channel,
    kind: channelKind(channel),
    onEvent,
    onStatus,
    status: 'WAITING',
  };
  connection.subscriptions.add(sub);
  ensureSocket(connection);
  sub.delayTimer = setTimeout(() => join(connection, sub), connection.settings.subscribeDelayMs);
  return () => unsubscribe(connection, sub);
}

/** Drops a subscriber; the channel is left once no other subscriber wants it. */
function unsubscribe(connection: RealtimeConnection, sub: Subscription) {
  const { subscriptions, socket } = connection;
  if (!subscriptions.has(sub)) return;
  subscriptions.delete(sub);
  clearTimeout(sub.delayTimer);
  clearTimeout(sub.ackTimer);
  const wasJoined = sub.status !== 'WAITING';
  const stillWanted = [...subscriptions].some((other) => other.channel === sub.channel);
  if (wasJoined && !stillWanted && socket) socket.emit(REALTIME_LEAVE_EVENT, sub.channel, () => {});
  setStatus(sub, 'CLOSED');
}

/** Closes every subscription and the socket; the next subscribe opens a new one. */
function disconnect(connection: RealtimeConnection) {
  clearTimeout(connection.reconnectTimer);
  for (const sub of connection.subscriptions) {
    clearTimeout(sub.delayTimer);
    clearTimeout(sub.ackTimer);
    setStatus(sub, 'CLOSED');
  }
  connection.subscriptions.clear();
  connection.socket?.disconnect();
  connection.socket = null;
  connection.hasConnected = false;
}

export function createRealtimeClient(deps: RealtimeClientDeps = {}): RealtimeClient {
  const connection = createConnection(deps);
  return {
    // Its snapshot is parsed for the channel's own kind, so each handler gets its own type.
    subscribe: (channel, onEvent, onStatus) =>
      subscribe(
        connection,
        channel,
        onEvent as Subscription['onEvent'],
        onStatus as Subscription['onStatus'],
      ),
    disconnect: () => disconnect(connection),
  };
}

/** The app's single realtime connection, created lazily on the first subscription. */
export const realtime = createRealtimeClient();
