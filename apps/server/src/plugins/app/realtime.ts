import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createChannelAuthorizerRegistry,
  type ChannelAuthorizerRegistry,
} from '../../modules/realtime/channel-authorizers';
import {
  createRealtimeServer,
  type RealtimeServer,
} from '../../modules/realtime/create-realtime-server';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      publish: RealtimeServer['publish'];
      registerChannelAuthorizer: ChannelAuthorizerRegistry['register'];
    };
  }
}

/**
 * Socket.IO on the same HTTP server (path /realtime). Modules publish through
 * `app.realtime.publish` and gate their channels with `app.realtime.registerChannelAuthorizer`.
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance, options: { corsOrigins: string[] }) {
    const authorizers = createChannelAuthorizerRegistry();
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
    });
    // Before the HTTP server stops: open websockets would otherwise keep close() waiting.
    app.addHook('preClose', async () => server.close());
  },
  { name: 'realtime', dependencies: ['auth'] },
);
