import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { generationPreviewEventSchema } from '@nocturne/contract/generations/generation-events';
import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../../test/create-test-app';
import { createRealtimeClients } from '../../../../test/realtime-client';
import { giveCredits, startTestWorker, waitFor } from '../../../../test/generation-worker-harness';
import { smallImages } from '../../../../test/small-images-engine';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { LIVE_PREVIEW_INTERVAL_MS } from './live-preview-sender';

/** Enough steps of the preview model for a render that outlasts several throttle intervals. */
const STEPS = 40;
/** PostgreSQL's NOTIFY payload limit: a preview's whole message must stay under it. */
const NOTIFY_LIMIT_BYTES = 8000;

/** The app's real preview engine, asked for STEPS steps (its qualities render at most 4). */
function manySteps(engine: ImageGenerator, steps = STEPS): ImageGenerator {
  return {
    generate: (request, options) => engine.generate({ ...request, steps }, options),
    describe: () => engine.describe(),
    warmup: () => engine.warmup(),
    close: () => engine.close(),
  };
}

/** The real preview model, worker and sockets: previews reach the owner only, then stop. */
describe('live preview events (preview model, realtime)', () => {
  let ctx: TestApp;
  let url: string;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const clients = createRealtimeClients();

  beforeAll(async () => {
    // Every frame: the preview model's frames cost more than its steps (decision 080).
    ctx = await createTestApp({ env: { LIVE_PREVIEW_SHARE: '1' } });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    await giveCredits(ctx.database.db, alice.userId, 2);
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await ctx.close();
  });

  const storedFiles = () =>
    readdir(path.join(ctx.env.DATA_DIR, 'images'), { recursive: true, withFileTypes: true })
      .then((entries) => entries.filter((entry) => entry.isFile()).length)
      .catch(() => 0);

  it('sends throttled WebP previews to the owner, none to another person, none after the result', async () => {
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { source_prompt: '', content_prompt: 'a lighthouse at dusk' },
    });
    expect(submit.statusCode).toBe(200);
    const { requestId } = submit.json<{ requestId: string }>();
    const channel = channels.generation(requestId);
    const filesBefore = await storedFiles();

    const bobSocket = await clients.connect(url, bob.token);
    expect(await clients.join(bobSocket, channel)).toMatchObject({ status: 'CHANNEL_ERROR' });
    const bobMessages: RealtimeMessage[] = [];
    bobSocket.on('message', (message: RealtimeMessage) => bobMessages.push(message));
    const socket = await clients.connect(url, alice.token);
    expect(await clients.join(socket, channel)).toMatchObject({ status: 'SUBSCRIBED' });
    const messages: { message: RealtimeMessage; at: number }[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push({ message, at: Date.now() }));

    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: manySteps(smallImages(ctx.app.imageEngine)),
      unitOfWork: ctx.app.unitOfWork,
    });
    let resultAt = 0;
    try {
      await waitFor(() => messages.some(({ message }) => message.event === 'result'), 30_000);
      resultAt = Date.now();
      // Anything still encoding when the result went out would arrive now: it must not.
      await new Promise((resolve) => setTimeout(resolve, 2 * LIVE_PREVIEW_INTERVAL_MS));
    } finally {
      await worker.stop();
    }

    const events = messages.map(({ message }) => message.event);
    const previews = messages.filter(({ message }) => message.event === 'preview');
    expect(previews.length).toBeGreaterThan(1);
    expect(events.lastIndexOf('preview')).toBeLessThan(events.indexOf('result'));
    const startedAt = messages[0]?.at ?? 0;
    expect(previews.length).toBeLessThanOrEqual(
      1 + Math.ceil((resultAt - startedAt) / LIVE_PREVIEW_INTERVAL_MS),
    );
    for (const { message } of previews) {
      const payload = generationPreviewEventSchema.parse(message.payload);
      expect(payload).toMatchObject({ request_id: requestId, image_index: 0, steps: STEPS });
      expect(payload.step).toBeLessThan(STEPS);
      expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(NOTIFY_LIMIT_BYTES - 500);
      const webp = Buffer.from(payload.image_webp_base64, 'base64');
      const meta = await sharp(webp).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(256);
    }
    expect(bobMessages).toEqual([]);

    // Only the result was stored: no preview file, no attachment row (nothing crossed NOTIFY).
    expect(await storedFiles()).toBe(filesBefore + 1);
    const attachments = (await ctx.database.db.execute(
      sql`select count(*)::int as n from socket_io_attachments`,
    )) as unknown as { rows: { n: number }[] };
    expect(attachments.rows).toEqual([{ n: 0 }]);
  });

  it('sends no preview once a cancel has stopped the job', async () => {
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { source_prompt: '', content_prompt: 'a harbour in fog' },
    });
    const { requestId } = submit.json<{ requestId: string }>();
    const socket = await clients.connect(url, alice.token);
    expect(await clients.join(socket, channels.generation(requestId))).toMatchObject({
      status: 'SUBSCRIBED',
    });
    const messages: { message: RealtimeMessage; at: number }[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push({ message, at: Date.now() }));
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: manySteps(smallImages(ctx.app.imageEngine), 50),
      unitOfWork: ctx.app.unitOfWork,
      // A long lease: only the cancel itself, not a failed lease renewal, stops the job in time.
      settings: { leaseMs: 60_000 },
    });
    try {
      await waitFor(() => messages.some(({ message }) => message.event === 'preview'), 15_000);
      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/generations/${requestId}/cancel`,
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(cancel.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 4 * LIVE_PREVIEW_INTERVAL_MS));
    } finally {
      await worker.stop();
    }
    expect(
      messages.find(({ message }) => message.event === 'result')?.message.payload,
    ).toMatchObject({ status: 'failed' });
    // The worker hears the cancel as it commits and closes the job's previews; one already on its
    // way may trail the cancel's result by moments, none by more.
    const resultAt = messages.find(({ message }) => message.event === 'result')?.at ?? 0;
    const late = messages.filter(
      ({ message, at }) => message.event === 'preview' && at > resultAt + 100,
    );
    expect(late).toEqual([]);
  });
});
