import { adminOverviewSchema, OVERVIEW_PUSH_INTERVAL_MS } from '@nocturne/contract/admin/overview';
import {
  channels,
  REALTIME_MESSAGE_EVENT,
  type RealtimeMessage,
} from '@nocturne/contract/realtime/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestContext, type AdminTestContext } from '../../../../test/admin-fixture';
import { waitFor } from '../../../../test/generation-worker-harness';
import { createRealtimeClients } from '../../../../test/realtime-client';

const channel = channels.admin('overview');

/** The operators-only admin:overview channel over real sockets. */
describe('the admin:overview channel', () => {
  let context: AdminTestContext;
  let url: string;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    context = await createAdminTestContext();
    url = await context.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    clients.disconnectAll();
    await context.ctx.close();
  });

  it('is refused to a person and to an operator without two-factor sign-in', async () => {
    for (const who of [context.person, context.unprotected]) {
      const socket = await clients.connect(url, who.token);
      expect(await clients.join(socket, channel)).toMatchObject({ status: 'CHANNEL_ERROR' });
    }
    expect(context.ctx.app.adminOverview.live.running()).toBe(false);
  });

  it("answers an operator's join with the overview, pushes it, and stops when nobody listens", async () => {
    const socket = await clients.connect(url, context.operator.token);
    const pushed: RealtimeMessage[] = [];
    socket.on(REALTIME_MESSAGE_EVENT, (message: RealtimeMessage) => pushed.push(message));
    const ack = await clients.join(socket, channel);
    expect(ack.status).toBe('SUBSCRIBED');
    expect(
      adminOverviewSchema.parse(ack.status === 'SUBSCRIBED' && ack.snapshot).models,
    ).toHaveLength(1);
    expect(context.ctx.app.adminOverview.live.running()).toBe(true);

    await waitFor(() => pushed.length > 0, OVERVIEW_PUSH_INTERVAL_MS * 2);
    expect(pushed[0]).toMatchObject({ channel, event: 'overview_updated' });
    adminOverviewSchema.parse(pushed[0]?.payload);

    socket.disconnect();
    await waitFor(
      () => !context.ctx.app.adminOverview.live.running(),
      OVERVIEW_PUSH_INTERVAL_MS * 2,
    );
  }, 30_000);
});
