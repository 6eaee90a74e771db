import { REALTIME_SUBSCRIBE_DELAY_MS } from '@nocturne/contract/constants';
import {
  REALTIME_JOIN_EVENT,
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  joinAckSchema,
  realtimeMessageSchema,
  type ChannelKind,
  type ChannelName,
  type ChannelStatus,
} from '@nocturne/contract/realtime/channels';
import { parseRealtimeEvent } from '@nocturne/contract/realtime/events';
import { parseJoinSnapshot, type JoinSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import { tokenManager } from './auth-token';
import { createSocket, type RealtimeSocket } from './realtime-socket';
import type { RealtimeClientDeps, RealtimeStatusHandler } from './realtime.types';

/** One subscriber of one channel, and where its join stands. */
export interface Subscription {
  channel: ChannelName;
  kind: ChannelKind;
  onEvent: (event: { event: string; payload: unknown }) => void;
  onStatus?: RealtimeStatusHandler;
  status: ChannelStatus | 'JOINING' | 'WAITING';
  delayTimer?: ReturnType<typeof setTimeout>;
  ackTimer?: ReturnType<typeof setTimeout>;
}

/** A realtime client's settings and state: its subscribers and its one socket. */
export interface RealtimeConnection {
  settings: Required<RealtimeClientDeps>;
  subscriptions: Set<Subscription>;
  socket: RealtimeSocket | null;
  /** The socket connected once: a later connect is a reconnection that joins again. */
  hasConnected: boolean;
  /** The next handshake asks for a fresh token (the last one was refused or expired). */
  forceFreshToken: boolean;
  reconnectTimer?: ReturnType<typeof setTimeout>;
}

export function createConnection(deps: RealtimeClientDeps): RealtimeConnection {
  return {
    settings: {
      socketFactory: deps.socketFactory ?? createSocket,
      getToken: deps.getToken ?? ((options) => tokenManager.getToken(options)),
      subscribeDelayMs: deps.subscribeDelayMs ?? REALTIME_SUBSCRIBE_DELAY_MS,
      ackTimeoutMs: deps.ackTimeoutMs ?? 10_000,
      reconnectDelayMs: deps.reconnectDelayMs ?? 2_000,
    },
    subscriptions: new Set(),
    socket: null,
    hasConnected: false,
    forceFreshToken: false,
  };
}

export function setStatus(
  sub: Subscription,
  status: ChannelStatus,
  reason?: string,
  snapshot?: JoinSnapshot<ChannelKind>,
) {
  sub.status = status;
  sub.onStatus?.(status, reason, snapshot);
}

/** Comes back after a delay with a fresh token: socket.io does not retry these by itself. */
function reconnectWithFreshToken(connection: RealtimeConnection, socket: RealtimeSocket) {
  connection.forceFreshToken = true;
  clearTimeout(connection.reconnectTimer);
  connection.reconnectTimer = setTimeout(
    () => socket.connect(),
    connection.settings.reconnectDelayMs,
  );
}

/** Hands a message to the channel's joined subscribers, if the contract's map knows its event. */
function deliver(connection: RealtimeConnection, raw: unknown) {
  const parsed = realtimeMessageSchema.safeParse(raw);
  if (!parsed.success) {
    console.warn('[realtime] Ignored a malformed message', raw);
    return;
  }
  const { channel, event, payload } = parsed.data;
  const receivers = [...connection.subscriptions].filter(
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
}

function openSocket(connection: RealtimeConnection): RealtimeSocket {
  const socket = connection.settings.socketFactory({
    path: REALTIME_PATH,
    auth: (callback) => {
      const forceRefresh = connection.forceFreshToken;
      connection.forceFreshToken = false;
      connection.settings
        .getToken({ forceRefresh })
        .catch(() => null)
        .then((token) => callback({ token }));
    },
  });
  socket.on('connect', () => {
    // The server forgets rooms when a connection drops: join again what was joined before.
    if (connection.hasConnected) {
      for (const sub of connection.subscriptions)
        if (sub.status === 'SUBSCRIBED') join(connection, sub);
    }
    connection.hasConnected = true;
  });
  socket.on('connect_error', () => {
    // A refused handshake (middleware error) is not retried by socket.io.
    if (!socket.active) reconnectWithFreshToken(connection, socket);
  });
  socket.on('disconnect', (reason: string) => {
    // The server closes a socket when its token expires (or is no longer valid).
    if (reason === 'io server disconnect') reconnectWithFreshToken(connection, socket);
  });
  socket.on(REALTIME_MESSAGE_EVENT, (raw: never) => deliver(connection, raw));
  return socket;
}

/** The connection's socket, opened on first use. */
export function ensureSocket(connection: RealtimeConnection): RealtimeSocket {
  connection.socket ??= openSocket(connection);
  return connection.socket;
}

/** Reads a join's acknowledgement: SUBSCRIBED with the channel's snapshot, or why not. */
function acknowledge(connection: RealtimeConnection, sub: Subscription, ack: unknown) {
  clearTimeout(sub.ackTimer);
  if (!connection.subscriptions.has(sub)) return;
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
}

/** Asks the server to join the subscriber's channel; no answer in time is TIMED_OUT. */
export function join(connection: RealtimeConnection, sub: Subscription) {
  const socket = ensureSocket(connection);
  sub.status = 'JOINING';
  clearTimeout(sub.ackTimer);
  sub.ackTimer = setTimeout(() => {
    if (connection.subscriptions.has(sub)) setStatus(sub, 'TIMED_OUT');
  }, connection.settings.ackTimeoutMs);
  socket.emit(REALTIME_JOIN_EVENT, sub.channel, (ack: unknown) =>
    acknowledge(connection, sub, ack),
  );
}
