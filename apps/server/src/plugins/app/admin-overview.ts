import { OVERVIEW_PUSH_INTERVAL_MS, type AdminOverview } from '@nocturne/contract/admin/overview';
import { channels } from '@nocturne/contract/realtime/channels';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  async function overviewPlugin(app: FastifyInstance, options: { intervalMs?: number }) {
    const db = app.database.db;
    const channel = channels.admin('overview');
    const read = () => readOverview(db, app.models);
    const live = createOverviewLive({
      intervalMs: options.intervalMs ?? OVERVIEW_PUSH_INTERVAL_MS,
      listeners: () => app.realtime.localListeners(channel),
      read,
      publish: (payload) =>
        app.realtime.publishLocal({ channel, event: 'overview_updated', payload }),
      onError: (error) => app.log.error({ err: error }, 'the console overview could not be read'),
    });
    // Who may join admin channels is decided once for all of them (admin/operator-channels.ts).
    app.realtime.registerChannelSnapshot('admin', async (_user, topic) => {
      if (topic !== 'overview') return undefined;
      live.start();
      return read();
    });
    app.decorate('adminOverview', { read, live });
    app.addHook('onClose', () => live.stop());
  },
  { name: 'admin-overview', dependencies: ['database', 'realtime', 'models'] },
);
