import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createChannelAuthorizerRegistry,
  type ChannelAuthorizerRegistry,
} from '../../modules/realtime/channel-authorizers';
import { connectRealtimeAdapter } from '../../modules/realtime/connect-realtime-adapter';
import { createRealtimeServer } from '../../modules/realtime/create-realtime-server';
import { createUnitOfWork, type UnitOfWork } from '../../db/create-unit-of-work';
import type { PublishRealtime } from '../../modules/realtime/publish-realtime';
import type { RealtimeFanOutConfig } from '../../modules/realtime/realtime-fan-out-config';
import { RIGHTS_CHANGED_CHANNEL } from '../../modules/realtime/recheck-socket-rooms';
import { listenWhileOpen } from './database';

/**
 * How often each process checks its sockets in the operators' channels again: the bound for a
 * rights change whose NOTIFY was lost (a LISTEN connection dropped at that moment).
 */
export const RIGHTS_SWEEP_INTERVAL_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      /** To every client of the channel, whichever API process it is connected to. */
      publish: PublishRealtime;
      /** To this process's clients of the channel only (state each process computes itself). */
      publishLocal: PublishRealtime;
      /** How many of this process's sockets are joined to the channel. */
      localListeners(channel: string): number;
      /** Ends every realtime connection of the user, whichever API process holds it. */
      disconnectUser(userId: string): void;
      /** Ends this process's realtime connections opened with the session's tokens. */
      disconnectSession(sessionId: string): void;
      registerChannelAuthorizer: ChannelAuthorizerRegistry['register'];
      /** The state a join of that kind's channels carries in its ack (join-snapshots.ts). */
      registerChannelSnapshot: ChannelAuthorizerRegistry['registerSnapshot'];
    };
    /** Transactions whose realtime events are published after commit (the only publisher). */
    unitOfWork: UnitOfWork;
  }
}

/**
 * Socket.IO on the same HTTP server (path /realtime), with the PostgreSQL or Redis adapter when
 * the deployment has one (docs/decisions/008). Modules gate their channels with
 * `app.realtime.registerChannelAuthorizer` and add events to `app.unitOfWork` transactions.
 */
export default fp(
  async function realtimePlugin(
    app: FastifyInstance,
    options: { corsOrigins: string[]; fanOut: RealtimeFanOutConfig },
  ) {
    const authorizers = createChannelAuthorizerRegistry();
    const server = createRealtimeServer({
      httpServer: app.server,
      verifyAccessToken: app.verifyAccessToken,
      authorizers,
      corsOrigins: options.corsOrigins,
      logger: app.log,
      adapter: await connectRealtimeAdapter(options.fanOut, app.log),
      // Looked up when a result arrives: the image store plugin is registered after this one.
      readImage: (key) => app.images.read(key),
    });
    const realtime = {
      publish: server.publish,
      publishLocal: server.publishLocal,
      localListeners: server.localListeners,
      disconnectUser: server.disconnectUser,
      disconnectSession: server.disconnectSession,
      registerChannelAuthorizer: authorizers.register,
      registerChannelSnapshot: authorizers.registerSnapshot,
    };
    app.decorate('realtime', realtime);
    app.decorate(
      'unitOfWork',
      createUnitOfWork({
        db: app.database.db,
        // Looked up per event, so a test can make the transport fail.
        publish: (event) => realtime.publish(event),
        logger: app.log,
      }),
    );
    const logFailure = (error: unknown) =>
      app.log.error({ err: error }, 'checking realtime rights again failed');
    // A person's rights changed in some process (decision 075): their sockets here are checked
    // again at once.
    await listenWhileOpen(
      app,
      RIGHTS_CHANGED_CHANNEL,
      (userId) => void server.recheckUser(userId).catch(logFailure),
      'sockets keep channels their person lost until the periodic re-check',
    );
    const sweep = setInterval(
      () => void server.recheckRightsBoundChannels().catch(logFailure),
      RIGHTS_SWEEP_INTERVAL_MS,
    );
    sweep.unref();
    // Before the HTTP server stops: open websockets would otherwise keep close() waiting.
    app.addHook('preClose', () => {
      clearInterval(sweep);
      return server.close();
    });
  },
  { name: 'realtime', dependencies: ['auth', 'database'] },
);
