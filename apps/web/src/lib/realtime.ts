import { REALTIME_SUBSCRIBE_DELAY_MS } from '@nocturne/contract/constants';
import {
  REALTIME_JOIN_EVENT,
  REALTIME_LEAVE_EVENT,
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  joinAckSchema,
  realtimeMessageSchema,
  type ChannelKind,
  type ChannelName,
  type ChannelStatus,
} from '@nocturne/contract/realtime/channels';
import {
  parseRealtimeEvent,
  type KindOfChannel,
  type ParsedRealtimeEvent,
} from '@nocturne/contract/realtime/events';
import { parseJoinSnapshot, type JoinSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import { tokenManager } from './auth-token';
import { createSocket, type RealtimeSocket, type SocketFactory } from './realtime-socket';
import './zod-config';

/** Receives only events of the contract's map for the channel's kind, parsed by their schema. */
export type RealtimeEventHandler<K extends ChannelKind> = (event: ParsedRealtimeEvent<K>) => void;
/**
 * A channel's status; on SUBSCRIBED, for kinds that have one (join-snapshots.ts), the channel's
 * state as of the join: every change before it is in the snapshot, every later one an event.
 */
export type RealtimeStatusHandler<K extends ChannelKind = ChannelKind> = (
  status: ChannelStatus,
  reason?: string,
  snapshot?: JoinSnapshot<K>,
) => void;

export interface RealtimeClientDeps {
  socketFactory?: SocketFactory;
  getToken?: (options?: { forceRefresh?: boolean }) => Promise<string | null>;
  subscribeDelayMs?: number;
  /** No ack within this time reports TIMED_OUT (spec §4). */
  ackTimeoutMs?: number;
  /** Delay before reconnecting after the server refused the handshake (e.g. expired token). */
  reconnectDelayMs?: number;
}

export interface RealtimeClient {
  /** Joins `channel` after 100 ms (spec §9); returns the unsubscribe function. */
  subscribe<C extends ChannelName>(
    channel: C,
    onEvent: RealtimeEventHandler<KindOfChannel<C>>,
    onStatus?: RealtimeStatusHandler<KindOfChannel<C>>,
  ): () => void;
  disconnect(): void;
}

interface Subscription {
  channel: ChannelName;
  kind: ChannelKind;
  onEvent: (event: { event: string; payload: unknown }) => void;
  onStatus?: RealtimeStatusHandler;
  status: ChannelStatus | 'JOINING' | 'WAITING';
  delayTimer?: ReturnType<typeof setTimeout>;
  ackTimer?: ReturnType<typeof setTimeout>;
}

function channelKind(channel: ChannelName): ChannelKind {
  return channel.slice(0, channel.indexOf(':')) as ChannelKind;
}

export function createRealtimeClient(deps: RealtimeClientDeps = {}): RealtimeClient {
  const socketFactory = deps.socketFactory ?? createSocket;
  const getToken = deps.getToken ?? ((options) => tokenManager.getToken(options));
  const subscribeDelayMs = deps.subscribeDelayMs ?? REALTIME_SUBSCRIBE_DELAY_MS;
  const ackTimeoutMs = deps.ackTimeoutMs ?? 10_000;
  const reconnectDelayMs = deps.reconnectDelayMs ?? 2_000;

  const subscriptions = new Set<Subscription>();
  let socket: RealtimeSocket | null = null;
  let hasConnected = false;
  let forceFreshToken = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  function setStatus(
    sub: Subscription,
    status: ChannelStatus,
    reason?: string,
    snapshot?: JoinSnapshot<ChannelKind>,
  ) {
    sub.status = status;
    sub.onStatus?.(status, reason, snapshot);
  }

  function ensureSocket(): RealtimeSocket {
    if (socket) return socket;
    const created = socketFactory({
      path: REALTIME_PATH,
      auth: (callback) => {
        const forceRefresh = forceFreshToken;
        forceFreshToken = false;
        getToken({ forceRefresh })
          .catch(() => null)
          .then((token) => callback({ token }));
      },
    });
    created.on('connect', () => {
      // The server forgets rooms when a connection drops: join again what was joined before.
      if (hasConnected) {
        for (const sub of subscriptions) if (sub.status === 'SUBSCRIBED') join(sub);
      }
      hasConnected = true;
    });
    created.on('connect_error', () => {
      // A refused handshake (middleware error) is not retried by socket.io: retry with a new token.
      if (created.active) return;
      forceFreshToken = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => created.connect(), reconnectDelayMs);
    });
    created.on('disconnect', (reason: string) => {
      // The server closes a socket when its token expires (or is no longer valid) and socket.io
      // does not reconnect after a server-side disconnect by itself: come back with a new token.
      if (reason !== 'io server disconnect') return;
      forceFreshToken = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => created.connect(), reconnectDelayMs);
    });
    created.on(REALTIME_MESSAGE_EVENT, (raw: never) => {
      const parsed = realtimeMessageSchema.safeParse(raw);
      if (!parsed.success) {
        console.warn('[realtime] Ignored a malformed message', raw);
        return;
      }
      const { channel, event, payload } = parsed.data;
      const receivers = [...subscriptions].filter(
        (sub) => sub.channel === channel && sub.status === 'SUBSCRIBED',
      );
      const kind = receivers[0]?.kind;
      if (!kind) return;
      const known = parseRealtimeEvent(kind, event, payload);
      if (!known) {
        // A server newer or older than this client may send what the map does not know.
        console.warn('[realtime] Ignored an event outside the contract', { channel, event });
        return;
      }
      for (const sub of receivers) sub.onEvent(known);
    });
    socket = created;
    return created;
  }

  function join(sub: Subscription) {
    const current = ensureSocket();
    sub.status = 'JOINING';
    clearTimeout(sub.ackTimer);
    sub.ackTimer = setTimeout(() => {
      if (subscriptions.has(sub)) setStatus(sub, 'TIMED_OUT');
    }, ackTimeoutMs);
    current.emit(REALTIME_JOIN_EVENT, sub.channel, (ack: unknown) => {
      clearTimeout(sub.ackTimer);
      if (!subscriptions.has(sub)) return;
      const parsed = joinAckSchema.safeParse(ack);
      if (!parsed.success) {
        setStatus(sub, 'CHANNEL_ERROR', 'Malformed join acknowledgement');
      } else if (parsed.data.status === 'SUBSCRIBED') {
        const snapshot = parseJoinSnapshot(sub.kind, parsed.data.snapshot);
        if (snapshot.ok) setStatus(sub, 'SUBSCRIBED', undefined, snapshot.snapshot);
        else setStatus(sub, 'CHANNEL_ERROR', 'Malformed channel snapshot');
      } else {
        setStatus(sub, 'CHANNEL_ERROR', parsed.data.reason);
      }
    });
  }

  return {
    subscribe(channel, onEvent, onStatus) {
      const sub: Subscription = {
        channel,
        kind: channelKind(channel),
        onEvent: onEvent as Subscription['onEvent'],
        // Its snapshot is parsed for the channel's own kind, so the handler gets its own type.
        onStatus: onStatus as Subscription['onStatus'],
        status: 'WAITING',
      };
      subscriptions.add(sub);
      ensureSocket();
      sub.delayTimer = setTimeout(() => join(sub), subscribeDelayMs);

      return () => {
        if (!subscriptions.has(sub)) return;
        subscriptions.delete(sub);
        clearTimeout(sub.delayTimer);
        clearTimeout(sub.ackTimer);
        const wasJoined = sub.status !== 'WAITING';
        const stillWanted = [...subscriptions].some((other) => other.channel === channel);
        if (wasJoined && !stillWanted && socket)
          socket.emit(REALTIME_LEAVE_EVENT, channel, () => {});
        setStatus(sub, 'CLOSED');
      };
    },
    disconnect() {
      clearTimeout(reconnectTimer);
      for (const sub of subscriptions) {
        clearTimeout(sub.delayTimer);
        clearTimeout(sub.ackTimer);
        setStatus(sub, 'CLOSED');
      }
      subscriptions.clear();
      socket?.disconnect();
      socket = null;
      hasConnected = false;
    },
  };
}

/** The app's single realtime connection, created lazily on the first subscription. */
export const realtime = createRealtimeClient();
