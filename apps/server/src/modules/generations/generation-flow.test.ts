import { generationResultEventSchema } from '@nocturne/contract/generations/generation-events';
import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { createRealtimeClients } from '../../../test/realtime-client';
import { giveCredits, startTestWorker, waitFor } from '../../../test/generation-worker-harness';
import { smallImages } from '../../../test/small-images-engine';

/** The whole path on the real preview model: submit → queue → worker → realtime → list. */
describe('generation flow (preview model, realtime)', () => {
  let ctx: TestApp;
  let url: string;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const clients = createRealtimeClients();

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    await giveCredits(ctx.database.db, alice.userId, 2);
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await ctx.close();
  });

  const connect = (token: string) => clients.connect(url, token);
  const join = clients.join;

  it('delivers update and result events to the owner only; the PNG decodes', async () => {
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { source_prompt: '', content_prompt: 'a moonlit owl' },
    });
    expect(submit.statusCode).toBe(200);
    const { requestId } = submit.json<{ requestId: string }>();
    const channel = channels.generation(requestId);

    const bobSocket = await connect(bob.token);
    expect(await join(bobSocket, channel)).toMatchObject({ status: 'CHANNEL_ERROR' });
    const socket = await connect(alice.token);
    // The ack carries the row as GET /generations/{request_id} answers it, and its place in the
    // queue (the first: no worker runs yet; no wait estimate without a finished job): nothing
    // to read after, and the submit's only report of its place.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${requestId}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(read.json()).toMatchObject({ request_id: requestId, status: 'queued' });
    expect(await join(socket, channel)).toEqual({
      status: 'SUBSCRIBED',
      channel,
      snapshot: { ...read.json<object>(), queue_position: 1, estimated_wait_s: null },
    });
    const messages: RealtimeMessage[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push(message));

    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: smallImages(ctx.app.imageEngine),
      unitOfWork: ctx.app.unitOfWork,
    });
    try {
      await waitFor(() => messages.some((message) => message.event === 'result'), 15_000);
    } finally {
      await worker.stop();
    }

    const updates = messages.filter((message) => message.event === 'update');
    const statuses = updates.map((message) => (message.payload as { status: string }).status);
    expect(statuses).toContain('processing');
    expect(statuses.at(-1)).toBe('completed');
    const progress = updates
      .map((message) => (message.payload as { progress?: number }).progress)
      .filter((value) => typeof value === 'number');
    expect(progress.length).toBeGreaterThan(1);

    const result = generationResultEventSchema.parse(
      messages.find((message) => message.event === 'result')?.payload,
    );
    expect(result).toMatchObject({ request_id: requestId, status: 'completed' });
    const png = Buffer.from(result.result_base64 ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);

    const served = await ctx.app.inject({ method: 'GET', url: result.result_image_url ?? '' });
    expect(served.rawPayload.equals(png)).toBe(true);
    // Joined after the result (a reload): the snapshot has it, so the client has missed nothing.
    const late = await connect(alice.token);
    const lateAck = await join(late, channel);
    expect(lateAck).toMatchObject({
      status: 'SUBSCRIBED',
      snapshot: {
        request_id: requestId,
        status: 'completed',
        result_image_url: expect.any(String),
      },
    });
    // A place only while queued.
    expect(lateAck).not.toHaveProperty('snapshot.queue_position');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/generations',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(list.json()).toMatchObject({
      total: 1,
      generations: [
        { request_id: requestId, status: 'completed', result_image_url: result.result_image_url },
      ],
    });
    expect(bobSocket.listeners('message')).toHaveLength(0);
  });
});
