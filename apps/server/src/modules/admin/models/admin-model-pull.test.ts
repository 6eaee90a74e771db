import { adminModelListSchema, type ModelPullState } from '@nocturne/contract/admin/models';
import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { desc } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeHub } from '../../../../../../packages/imagegen/test/helpers/fake-hub';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { waitFor } from '../../../../test/generation-worker-harness';
import { createRealtimeClients } from '../../../../test/realtime-client';
import {
  startTinyHub,
  TINY_CATALOG as CATALOG,
  TINY_MODEL as MODEL,
  TINY_REQUEST,
} from '../../../../test/tiny-onnx-pull';
import { adminAudit } from '../../admin-audit/admin-audit-tables';

/**
 * The console's pull of an embedded model, from the fake Hub imagegen's pull tests use: progress
 * reaches an operator's socket on `admin:models` (and nobody else's), the weights are installed
 * and verified, and the server's engine serves them without a restart.
 */
describe('the console pull (POST /api/v1/admin/models/{id}/pull)', () => {
  let hub: FakeHub;
  let admin: AdminTestContext;
  let url: string;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    const tinyHub = await startTinyHub('b'.repeat(40));
    hub = tinyHub.hub;
    admin = await createAdminTestContext({
      catalog: CATALOG,
      env: { HF_ENDPOINT: hub.url },
      pullManifests: tinyHub.pullManifests,
    });
    url = await admin.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await admin.ctx.close();
    await hub.close();
  });

  const pull = (token = admin.operator.token) =>
    apiCall(admin.ctx, token, 'POST', `/admin/models/${MODEL}/pull`);
  const tiny = async () => {
    const response = await apiCall(admin.ctx, admin.operator.token, 'GET', '/admin/models');
    return adminModelListSchema.parse(response.json()).models.find((m) => m.id === MODEL)!;
  };
  const listen = (socket: Socket) => {
    const states: ModelPullState[] = [];
    socket.on('message', (message: RealtimeMessage) => {
      if (message.channel === 'admin:models') states.push(message.payload as ModelPullState);
    });
    return states;
  };
  const engine = () => admin.ctx.app.models.engines.get(MODEL)!;

  it('joins admin:models for an operator only', async () => {
    const operator = await clients.connect(url, admin.operator.token);
    expect(await clients.join(operator, channels.admin('models'))).toMatchObject({
      status: 'SUBSCRIBED',
    });
    expect(await clients.join(operator, 'admin:other')).toMatchObject({ status: 'CHANNEL_ERROR' });
    for (const who of [admin.person, admin.unprotected]) {
      const socket = await clients.connect(url, who.token);
      expect(await clients.join(socket, channels.admin('models'))).toMatchObject({
        status: 'CHANNEL_ERROR',
      });
    }
  });

  it('shows the weights missing; the engine cannot serve them yet', async () => {
    expect((await tiny()).weights).toEqual({
      name: MODEL,
      installed: false,
      verified: null,
      problems: [],
      pullable: true,
    });
    await expect(engine().generate(TINY_REQUEST)).rejects.toThrow(/not installed/);
  });

  it('pulls with progress to operators, audited, then serves the model without a restart', async () => {
    const operator = await clients.connect(url, admin.operator.token);
    await clients.join(operator, channels.admin('models'));
    const seen = listen(operator);
    const person = await clients.connect(url, admin.person.token);
    await clients.join(person, channels.admin('models'));
    const leaked = listen(person);

    const started = await pull();
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ model_id: MODEL, status: 'running' });
    const again = await pull();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'MODEL_PULL_RUNNING' });
    expect((await pull(admin.person.token)).statusCode).toBe(403);

    await waitFor(async () => seen.some((state) => state.status !== 'running'), 60_000);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: 'done', error: null, restart_needed: false });
    const phases = new Set(seen.map((state) => state.phase));
    for (const phase of ['download', 'verify', 'prove', 'install']) expect(phases).toContain(phase);
    const downloading = seen.find((state) => state.phase === 'download' && state.bytes_done > 0);
    expect(downloading).toMatchObject({
      file: expect.any(String),
      bytes_total: expect.any(Number),
    });
    expect(leaked).toEqual([]);

    const model = await tiny();
    expect(model.weights).toMatchObject({ installed: true, verified: true, problems: [] });
    expect(model.pull).toEqual(last);
    const [row] = await admin.ctx.database.db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(row).toMatchObject({
      action: 'model_pull',
      operatorId: admin.operator.userId,
      after: { model: MODEL, weights: MODEL },
    });
    const image = await engine().generate(TINY_REQUEST);
    expect(image.png.length).toBeGreaterThan(0);
  });

  it('a failed pull says why and leaves the installed model in place', async () => {
    hub.failNext(`/tree/${'b'.repeat(40)}`, { status: 500, error: 'Hub is down' });
    const operator = await clients.connect(url, admin.operator.token);
    await clients.join(operator, channels.admin('models'));
    const seen = listen(operator);
    expect((await pull()).statusCode).toBe(202);
    await waitFor(async () => seen.some((state) => state.status !== 'running'), 30_000);
    expect(seen.at(-1)).toMatchObject({ status: 'failed', error: expect.stringMatching(/500/) });
    const model = await tiny();
    expect(model.pull).toMatchObject({ status: 'failed' });
    expect(model.weights).toMatchObject({ installed: true, verified: true });
  });
});
