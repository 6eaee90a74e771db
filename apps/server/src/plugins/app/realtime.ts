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
import { createRelayPublisher } from '../../modules/realtime/relay-publisher';

/**
 * Where `app.realtime.publish` sends events. `process`: straight to this process's sockets (one
 * process serves every client: --role=all). `database`: through the relay (NOTIFY), so every API
 * process, this one included, emits it to its own sockets (--role=api, several behind a balancer).
 */
export type RealtimeFanOut = 'process' | 'database';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      /** To every client of the channel, whichever process it is connected to (see fan-out). */
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
  async function realtimePlugin(
    app: FastifyInstance,
    options: { corsOrigins: string[]; fanOut?: RealtimeFanOut },
  ) {
    const authorizers = createChannelAuthorizerRegistry();
    const codecs = createRelayCodecRegistry();
    const server = createRealtimeServer({
      httpServer: app.server,
      verifyAccessToken: app.verifyAccessToken,
      authorizers,
      corsOrigins: options.corsOrigins,
      logger: app.log,
    });
    const relay =
      options.fanOut === 'database'
        ? createRelayPublisher({ database: app.database, codecs, logger: app.log })
        : undefined;
    app.decorate('realtime', {
      publish: relay?.publish ?? server.publish,
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
      await relay?.drain();
      await stopRelay?.();
      await server.close();
    });
  },
  { name: 'realtime', dependencies: ['auth', 'database'] },
);
