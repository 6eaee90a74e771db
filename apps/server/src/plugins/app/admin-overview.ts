import { OVERVIEW_PUSH_INTERVAL_MS, type AdminOverview } from '@nocturne/contract/admin/overview';
import { channels } from '@nocturne/contract/realtime/channels';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isOperatorSocket } from '../../modules/realtime/is-operator-socket';
import type { OperatorSettings } from '../../modules/admin/require-operator';
import { createOverviewLive, type OverviewLive } from '../../modules/admin/overview/overview-live';
import { readOverview } from '../../modules/admin/overview/read-overview';

declare module 'fastify' {
  interface FastifyInstance {
    adminOverview: { read(): Promise<AdminOverview>; live: OverviewLive };
  }
}

/**
 * `app.adminOverview` and the operators-only `admin:overview` channel: a join gets the overview
 * in its ack and starts this process's timer, which pushes `overview_updated` while anyone of
 * this process listens.
 */
export default fp(
  async function overviewPlugin(
    app: FastifyInstance,
    options: { operators: OperatorSettings; intervalMs?: number },
  ) {
    const db = app.database.db;
    const channel = channels.adminOverview();
    const read = () => readOverview(db, app.models);
    const live = createOverviewLive({
      intervalMs: options.intervalMs ?? OVERVIEW_PUSH_INTERVAL_MS,
      listeners: () => app.realtime.localListeners(channel),
      read,
      publish: (payload) =>
        app.realtime.publishLocal({ channel, event: 'overview_updated', payload }),
      onError: (error) => app.log.error({ err: error }, 'the console overview could not be read'),
    });
    app.realtime.registerChannelAuthorizer(
      'admin',
      async (user, id) => id === 'overview' && isOperatorSocket(db, options.operators, user),
    );
    app.realtime.registerChannelSnapshot('admin', async () => {
      live.start();
      return read();
    });
    app.decorate('adminOverview', { read, live });
    app.addHook('onClose', () => live.stop());
  },
  { name: 'admin-overview', dependencies: ['database', 'realtime', 'models'] },
);
