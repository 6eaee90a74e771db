import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createChannelAuthorizerRegistry,
  type ChannelAuthorizerRegistry,
} from '../../modules/realtime/channel-authorizers';
import { createRealtimeServer } from '../../modules/realtime/create-realtime-server';
import type { PublishRealtime } from '../../modules/realtime/publish-realtime';
import {
  createRelayCodecRegistry,
  type RelayCodecRegistry,
} from '../../modules/realtime/relay-codecs';
import { startRelayListener } from '../../modules/realtime/relay-listener';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      /** In-process: straight to this process's sockets (no NOTIFY round-trip). */
      publish: PublishRealtime;
      registerChannelAuthorizer: ChannelAuthorizerRegistry['register'];
      /** Hydration of compacted events relayed from worker-only processes (see relay-codecs). */
      registerRelayCodec: RelayCodecRegistry['register'];
    };
  }
}

/**
 * Socket.IO on the same HTTP server (path /realtime). Modules publish through
 * `app.realtime.publish` and gate their channels with `app.realtime.registerChannelAuthorizer`.
 * Events published by worker-only processes arrive over LISTEN `nocturne_realtime` (the realtime
 * relay, docs/decisions/006) and are emitted to the same rooms.
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance, options: { corsOrigins: string[] }) {
    const authorizers = createChannelAuthorizerRegistry();
    const codecs = createRelayCodecRegistry();
    const server = createRealtimeServer({
      httpServer: app.server,
      verifyAccessToken: app.verifyAccessToken,
      authorizers,
      corsOrigins: options.corsOrigins,
      logger: app.log,
    });
    app.decorate('realtime', {
      publish: server.publish,
      registerChannelAuthorizer: authorizers.register,
      registerRelayCodec: codecs.register,
    });
    let stopRelay: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      try {
        stopRelay = await startRelayListener({
          database: app.database,
          codecs,
          emit: server.publish,
          logger: app.log,
        });
      } catch (error) {
        // The API still works; only events from separate worker processes are not delivered.
        app.log.error({ err: error }, 'realtime relay: LISTEN failed; worker events are lost');
      }
    });
    // Before the HTTP server stops: open websockets would otherwise keep close() waiting. The
    // relay stops first (the database is closed after the app).
    app.addHook('preClose', async () => {
      await stopRelay?.();
      await server.close();
    });
  },
  { name: 'realtime', dependencies: ['auth', 'database'] },
);
