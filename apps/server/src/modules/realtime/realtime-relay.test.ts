import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generationResultEventSchema } from '@nocturne/contract/generations/generation-events';
import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { createRealtimeClients } from '../../../test/realtime-client';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';
import { createWorkerPublisher } from '../../worker/create-worker-publisher';
import { publishCreditUpdated } from '../credits/publish-credit-updated';
import { createImageStore, toImageUrl, type ImageStore } from '../images/image-store';
import { RELAY_PAYLOAD_LIMIT_BYTES } from './relay-codecs';
import { REALTIME_RELAY_CHANNEL } from './relay-message';
import type { RelayPublisher } from './relay-publisher';

const silent = { info() {}, warn() {}, error() {} };

/** An API app (Socket.IO, relay listener) and, on the same database, a worker-only publisher. */
describe('realtime relay (worker-only publisher → NOTIFY → API sockets)', () => {
  let database: Database;
  let api: TestApp;
  let url: string;
  let workerImages: ImageStore;
  let worker: RelayPublisher;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const clients = createRealtimeClients();
  /** Every raw NOTIFY on the relay channel, as another listener sees it. */
  const notifications: string[] = [];
  let stopSpy: () => Promise<void>;

  beforeAll(async () => {
    database = await openTestDatabase();
    api = await createTestApp({ database });
    alice = await createVerifiedUser(api.app, api.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(api.app, api.env.DATA_DIR, 'bob@example.com');
    url = await api.app.listen({ port: 0, host: '127.0.0.1' });
    // The worker shares DATA_DIR (and so the image files) with the API, as documented.
    workerImages = createImageStore(path.join(api.env.DATA_DIR, 'images'));
    worker = createWorkerPublisher({ database, images: workerImages, logger: silent });
    stopSpy = await database.listen(REALTIME_RELAY_CHANNEL, (raw) => notifications.push(raw));
  });
  afterAll(async () => {
    clients.disconnectAll();
    await stopSpy();
    await api.close();
    await database.close();
  });

  async function connect(token: string) {
    const socket = await clients.connect(url, token);
    const messages: RealtimeMessage[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push(message));
    return { socket, messages };
  }
  async function join(socket: Socket, channel: string) {
    expect(await clients.join(socket, channel)).toEqual({ status: 'SUBSCRIBED', channel });
  }
  async function submitGeneration(token: string) {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${token}` },
      payload: { source_prompt: '', content_prompt: 'a lantern in the fog' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ requestId: string }>().requestId;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('delivers credit_updated from the worker side to the owner only', async () => {
    const aliceClient = await connect(alice.token);
    const bobClient = await connect(bob.token);
    await join(aliceClient.socket, channels.credits(alice.userId));
    await join(bobClient.socket, channels.credits(bob.userId));

    publishCreditUpdated({
      realtime: worker,
      log: api.app.log,
      userId: alice.userId,
      balance: 7,
    });
    await expect.poll(() => aliceClient.messages.length).toBe(1);
    expect(aliceClient.messages[0]).toEqual({
      channel: channels.credits(alice.userId),
      event: 'credit_updated',
      payload: { balance: 7 },
    });
    await settle();
    expect(aliceClient.messages).toHaveLength(1);
    expect(bobClient.messages).toEqual([]);
  });

  it('hydrates a result too large for NOTIFY from the stored file, in order after its update', async () => {
    await giveCredits(database.db, alice.userId, 1);
    const requestId = await submitGeneration(alice.token);
    const channel = channels.generation(requestId);
    const aliceClient = await connect(alice.token);
    await join(aliceClient.socket, channel);
    const bobClient = await connect(bob.token);
    await join(bobClient.socket, channels.credits(bob.userId));

    // 20 kB: base64 alone is far beyond the 8000-byte NOTIFY limit.
    const png = Buffer.concat([TINY_PNG, randomBytes(20_000)]);
    const key = await workerImages.save(png);
    const before = notifications.length;
    worker.publish(channel, 'update', { request_id: requestId, status: 'completed', progress: 1 });
    worker.publish(channel, 'result', {
      request_id: requestId,
      status: 'completed',
      result_base64: png.toString('base64'),
      result_image_url: toImageUrl(key),
      error: null,
    });
    await expect.poll(() => aliceClient.messages.length).toBe(2);
    expect(aliceClient.messages.map((message) => message.event)).toEqual(['update', 'result']);
    const result = generationResultEventSchema.parse(aliceClient.messages[1]?.payload);
    expect(result).toEqual({
      request_id: requestId,
      status: 'completed',
      result_base64: expect.any(String),
      result_image_url: toImageUrl(key),
      error: null,
    });
    expect(Buffer.from(result.result_base64 ?? '', 'base64').equals(png)).toBe(true);

    // What went over the wire was the compact form: no base64, the image key instead.
    // The spy listens on a connection of its own (PostgreSQL): it may hear it a moment later.
    await expect.poll(() => notifications.length - before).toBe(2);
    const sent = notifications.slice(before);
    const relayed = JSON.parse(sent[1] ?? '') as { payload: Record<string, unknown> };
    expect(Buffer.byteLength(sent[1] ?? '')).toBeLessThanOrEqual(RELAY_PAYLOAD_LIMIT_BYTES);
    expect(relayed).toMatchObject({
      compacted: true,
      payload: { result_base64: null, result_image_path: key },
    });

    await settle();
    expect(aliceClient.messages).toHaveLength(2);
    expect(bobClient.messages).toEqual([]);
  });

  it('drops an oversized event it cannot compact instead of sending a failing NOTIFY', async () => {
    const aliceClient = await connect(alice.token);
    await join(aliceClient.socket, channels.credits(alice.userId));
    const before = notifications.length;
    worker.publish(channels.credits(alice.userId), 'credit_updated', { junk: 'x'.repeat(9000) });
    worker.publish(channels.credits(alice.userId), 'credit_updated', { balance: 3 });
    await worker.drain();
    await expect.poll(() => aliceClient.messages.length).toBe(1);
    expect(aliceClient.messages[0]?.payload).toEqual({ balance: 3 });
    await expect.poll(() => notifications.length - before).toBe(1);
    await settle();
    expect(notifications.length - before).toBe(1);
  });

  it('role all: the in-process worker publishes straight to the sockets, each event once', async () => {
    await giveCredits(database.db, alice.userId, 1);
    const requestId = await submitGeneration(alice.token);
    const aliceClient = await connect(alice.token);
    await join(aliceClient.socket, channels.generation(requestId));
    await join(aliceClient.socket, channels.credits(alice.userId));
    const before = notifications.length;

    // What start-server.ts wires for --role=all: the worker gets app.realtime.publish.
    const loop = startTestWorker({
      database,
      images: api.app.images,
      engine: fakeEngine(() => TINY_PNG),
      publish: api.app.realtime.publish,
    });
    try {
      await waitFor(() => aliceClient.messages.some((message) => message.event === 'result'));
    } finally {
      await loop.stop();
    }
    await settle();
    const results = aliceClient.messages.filter((message) => message.event === 'result');
    expect(results).toHaveLength(1);
    const result = generationResultEventSchema.parse(results[0]?.payload);
    expect(Buffer.from(result.result_base64 ?? '', 'base64').equals(TINY_PNG)).toBe(true);
    const updates = aliceClient.messages.filter((message) => message.event === 'update');
    const serialized = updates.map((message) => JSON.stringify(message.payload));
    expect(new Set(serialized).size).toBe(serialized.length);
    // No NOTIFY round-trip in one process.
    expect(notifications.length).toBe(before);
  });
});
