import type { Server as HttpServer } from 'node:http';
import {
  REALTIME_MESSAGE_EVENT,
  REALTIME_PATH,
  type RealtimeMessage,
} from '@nocturne/contract/realtime/channels';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { TokenUser, VerifyAccessToken } from '../auth/create-token-verifier';
import type { ChannelAuthorizerRegistry } from './channel-authorizers';
import { handleChannelRequests } from './handle-channel-requests';
import type { PublishRealtime } from './publish-realtime';

export interface RealtimeServer {
  /** Emits `message` `{ channel, event, payload }` to every socket joined to `channel`. */
  publish: PublishRealtime;
  close(): Promise<void>;
}

interface SocketData {
  user: TokenUser;
}

/**
 * The one place the Socket.IO server is created. Fan-out is in-process; events from worker-only
 * processes reach it through the realtime relay (plugins/app/realtime.ts). When the API itself
 * scales to several processes, the PostgreSQL adapter (@socket.io/postgres-adapter) is plugged in
 * here with `io.adapter(...)` and `publish` keeps working unchanged.
 */
export function createRealtimeServer(options: {
  httpServer: HttpServer;
  verifyAccessToken: VerifyAccessToken;
  authorizers: ChannelAuthorizerRegistry;
  corsOrigins: string[];
  logger: FastifyBaseLogger;
}): RealtimeServer {
  const io = new Server<
    Record<string, never>,
    Record<string, never>,
    Record<string, never>,
    SocketData
  >(options.httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    cors:
      options.corsOrigins.length > 0
        ? { origin: options.corsOrigins, credentials: true }
        : undefined,
  });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') return next(new Error('UNAUTHORIZED'));
    options.verifyAccessToken(token).then(
      (user) => {
        socket.data.user = user;
        next();
      },
      () => next(new Error('UNAUTHORIZED')),
    );
  });

  io.on('connection', (socket) => {
    handleChannelRequests(socket, options.authorizers, options.logger);
  });

  return {
    publish(channel, event, payload) {
      const message: RealtimeMessage = { channel, event, payload };
      io.to(channel).emit(REALTIME_MESSAGE_EVENT as never, message as never);
    },
    async close() {
      // Not io.close(): that also closes the HTTP server, which Fastify owns and closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}
