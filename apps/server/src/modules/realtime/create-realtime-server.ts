import type { Server as HttpServer } from 'node:http';
import {
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  type RealtimeMessage,
} from '@nocturne/contract/realtime/channels';
import type { Logger } from '../../lib/create-logger';
import { Server, type ServerOptions } from 'socket.io';
import type { TokenUser, VerifyAccessToken } from '../auth/create-token-verifier';
import { trackRealtimeConnection } from '../process-metrics/process-metrics';
import type { ChannelAuthorizerRegistry } from './channel-authorizers';
import { handleChannelRequests } from './handle-channel-requests';
import type { RealtimeAdapter } from './connect-realtime-adapter';
import type { PublishRealtime } from './publish-realtime';
import { isRightsBound, recheckLocalSockets, RIGHTS_BOUND_KINDS } from './recheck-socket-rooms';
import {
  RESULT_RELAY_EVENT,
  restoreResult,
  toRelayedResult,
  type RelayedResult,
} from './result-relay';

interface ServerSideEvents {
  [RESULT_RELAY_EVENT]: (relayed: RelayedResult) => void;
}

export interface RealtimeServer {
  /** Emits `message` `{ channel, event, payload }` to every socket joined to `channel`. */
  publish: PublishRealtime;
  /**
   * Emits to this process's sockets of the channel only: for state every process computes itself
   * (the console's overview), so no process sends its copy to another's clients.
   */
  publishLocal: PublishRealtime;
  /** How many of this process's sockets are joined to `channel`. */
  localListeners(channel: string): number;
  /** Disconnects every socket of this user, on every API process (account deletion). */
  disconnectUser(userId: string): void;
  /**
   * Disconnects this process's sockets opened with the session's tokens. Local only: every API
   * process hears the session end (NOTIFY session_ended) and calls it itself.
   */
  disconnectSession(sessionId: string): void;
  /**
   * Checks this process's sockets of the person again and makes each leave the channels its
   * person may no longer join (their rights changed: NOTIFY rights_changed, decision 075).
   */
  recheckUser(userId: string): Promise<void>;
  /**
   * Checks again every socket of this process that is in a channel of RIGHTS_BOUND_KINDS: the
   * periodic bound for a rights change whose notification was lost.
   */
  recheckRightsBoundChannels(): Promise<void>;
  /** Disconnects the clients and closes the adapter (and its connections). */
  close(): Promise<void>;
}

interface SocketData {
  user: TokenUser;
  /** Checked again on every join: the account may be gone since the handshake. */
  token: string;
  /** How many re-checks of its rights have started (recheck-socket-rooms.ts). */
  rechecks: number;
}

/** One person's open sockets on one process (tabs, devices); more is a leak or abuse. */
export const MAX_SOCKETS_PER_USER = 20;

/** Every socket joins its user's room at connection; not a channel, so no client can join it. */
const userRoom = (userId: string) => `user-sockets:${userId}`;

/** Every socket also joins its session's room, so the session's end closes exactly its sockets. */
const sessionRoom = (sessionId: string) => `session-sockets:${sessionId}`;

type RealtimeIo = Server<
  Record<string, never>,
  Record<string, never>,
  ServerSideEvents,
  SocketData
>;

export interface RealtimeServerOptions {
  httpServer: HttpServer;
  verifyAccessToken: VerifyAccessToken;
  authorizers: ChannelAuthorizerRegistry;
  corsOrigins: string[];
  logger: Logger;
  adapter?: RealtimeAdapter;
  /** A result's image by key, for results relayed from other processes (result-relay.ts). */
  readImage: (key: string) => Promise<Buffer>;
}

/** Whether the token still holds (its session live, its account there). */
const tokenCheck = (options: RealtimeServerOptions) => (token: string) =>
  options.verifyAccessToken(token).then(
    () => true,
    () => false,
  );

/**
 * The handshake: a valid access token in `auth.token`, and fewer than MAX_SOCKETS_PER_USER
 * sockets of the person open here.
 */
function authenticateHandshakes(io: RealtimeIo, options: RealtimeServerOptions) {
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') return next(new Error('UNAUTHORIZED'));
    options.verifyAccessToken(token).then(
      (user) => {
        const open = io.of('/').adapter.rooms.get(userRoom(user.id))?.size ?? 0;
        if (open >= MAX_SOCKETS_PER_USER) return next(new Error('TOO_MANY_CONNECTIONS'));
        socket.data.user = user;
        socket.data.token = token;
        socket.data.rechecks = 0;
        next();
      },
      () => next(new Error('UNAUTHORIZED')),
    );
  });
}

/**
 * A connected socket joins its person's and its session's rooms, lives no longer than its token,
 * and asks to join channels (handle-channel-requests.ts).
 */
function acceptConnections(io: RealtimeIo, options: RealtimeServerOptions) {
  const tokenStillValid = tokenCheck(options);
  io.on('connection', (socket) => {
    trackRealtimeConnection(socket);
    void socket.join([userRoom(socket.data.user.id), sessionRoom(socket.data.user.sessionId)]);
    // The session may have ended between the handshake's check and joining its room, when its
    // end's disconnection could not see this socket yet: the check again closes that gap.
    const stillValid = () => tokenStillValid(socket.data.token);
    void stillValid().then((valid) => {
      if (!valid) socket.disconnect(true);
    });
    // A socket lives no longer than its token; the client reconnects with a fresh one.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.max(0, socket.data.user.expiresAt.getTime() - Date.now()),
    );
    socket.once('disconnect', () => clearTimeout(expiry));
    handleChannelRequests(socket, {
      authorizers: options.authorizers,
      logger: options.logger,
      stillValid,
      rechecks: () => socket.data.rechecks,
    });
  });
}

/**
 * A result published by another process (a worker, or an API process running jobs): only a
 * process with clients on the channel reads the image.
 */
function relayResults(
  io: RealtimeIo,
  options: RealtimeServerOptions,
  emitLocally: (message: RealtimeMessage) => void,
) {
  io.on(RESULT_RELAY_EVENT, (relayed) => {
    if (!io.of('/').adapter.rooms.get(relayed.event.channel)?.size) return;
    void restoreResult(relayed, options.readImage, (error) =>
      options.logger.warn(
        { err: error, channel: relayed.event.channel },
        'result image could not be read: sent with its link only',
      ),
    ).then(emitLocally);
  });
}

/**
 * The one place the Socket.IO server is created. With an adapter (PostgreSQL or Redis) a publish
 * reaches the sockets of every API process and events of worker-only emitters reach these sockets;
 * without one, fan-out is in-process.
 */
export function createRealtimeServer(options: RealtimeServerOptions): RealtimeServer {
  const io: RealtimeIo = new Server(options.httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    adapter: options.adapter?.adapter as ServerOptions['adapter'],
    cors:
      options.corsOrigins.length > 0
        ? { origin: options.corsOrigins, credentials: true }
        : undefined,
  });
  authenticateHandshakes(io, options);
  acceptConnections(io, options);
  const emitLocally = (message: RealtimeMessage) =>
    io.local.to(message.channel).emit(REALTIME_MESSAGE_EVENT as never, message as never);
  relayResults(io, options, emitLocally);
  const tokenStillValid = tokenCheck(options);
  const recheck = {
    authorizers: options.authorizers,
    logger: options.logger,
    stillValid: (socket: { data: { token: string } }) => tokenStillValid(socket.data.token),
  };

  return {
    publish(event) {
      const relayed = options.adapter ? toRelayedResult(event) : undefined;
      if (!relayed) {
        io.to(event.channel).emit(REALTIME_MESSAGE_EVENT as never, event as never);
        return;
      }
      // This process has the image at hand; the others get the relayed form.
      emitLocally(event);
      io.serverSideEmit(RESULT_RELAY_EVENT, relayed);
    },
    publishLocal: (event) => emitLocally(event),
    localListeners: (channel) => io.of('/').adapter.rooms.get(channel)?.size ?? 0,
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.local.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    recheckUser: (userId) => recheckLocalSockets({ io, rooms: [userRoom(userId)], ...recheck }),
    recheckRightsBoundChannels: () =>
      recheckLocalSockets({
        io,
        rooms: [...io.of('/').adapter.rooms.keys()].filter(isRightsBound),
        kinds: RIGHTS_BOUND_KINDS,
        ...recheck,
      }),
    async close() {
      // Not io.close(): that also closes the HTTP server, which Fastify owns and closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await options.adapter?.close(io as unknown as Server);
    },
  };
}
