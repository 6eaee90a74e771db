import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { findGenerationsResponseSchema } from '@nocturne/contract/generations/generation';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generations } from '../../db/generations-schema';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  untilAborted,
  waitFor,
} from '../../../test/generation-worker-harness';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import { createRealtimeClients } from '../../../test/realtime-client';

type EngineBehaviour = (signal: AbortSignal | undefined) => Promise<Buffer> | Buffer;

describe('generation options, image count, queue limits and cancel', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let vip: { token: string; userId: string };
  const received: GenerateRequest[] = [];
  let behaviour: EngineBehaviour = () => TINY_PNG;
  const realtime = createRealtimeClients();

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { GENERATION_QUEUE_MAX_PER_USER: '4', GENERATION_QUEUE_MAX_PER_PREMIUM_USER: '6' },
      imageEngine: fakeEngine((signal, request) => {
        received.push(request);
        return behaviour(signal);
      }),
    });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    vip = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'vip@example.com');
    await giveCredits(ctx.database.db, bob.userId, 0);
    await giveCredits(ctx.database.db, vip.userId, 0);
    await setPremium(ctx.database.db, vip.userId, true);
  });
  afterAll(async () => {
    realtime.disconnectAll();
    await ctx.close();
  });

  beforeEach(async () => {
    // Each test starts with an empty queue and a known engine.
    await ctx.database.db
      .update(generations)
      .set({ status: 'failed', lockedBy: null, lockedUntil: null })
      .where(eq(generations.status, 'queued'));
    behaviour = () => TINY_PNG;
    received.length = 0;
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const generate = (token: string, body: object) =>
    call('POST', '/generate', token, { content_prompt: 'a moonlit owl', ...body });
  const ledgerOf = (userId: string) => readCreditLedger(ctx.database.db, userId);
  const rowsOf = (requestId: string) =>
    ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.requestId, requestId))
      .orderBy(generations.imageIndex);

  async function runUntilDone(requestId: string) {
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: ctx.app.imageEngine,
      settings: { imageSize: undefined },
    });
    await waitFor(async () =>
      (await rowsOf(requestId)).every((row) => ['completed', 'failed'].includes(row.status)),
    );
    await worker.stop();
  }

  it('stores every option with each image, returns them, and hands them to the engine', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const before = (await ledgerOf(alice.userId)).balance ?? 0;
    const response = await generate(alice.token, {
      negative_prompt: 'blurry',
      seed: 4_294_967_295,
      aspect_ratio: '16:9',
      image_count: 2,
      quality: 'best',
      style: 'cinematic',
    });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    expect((await ledgerOf(alice.userId)).balance).toBe(before - 2);
    await runUntilDone(requestId);

    const listed = findGenerationsResponseSchema.parse(
      (await call('GET', '/generations?limit=10', alice.token)).json(),
    );
    const submit = listed.generations
      .filter((item) => item.request_id === requestId)
      .sort((a, b) => a.image_index - b.image_index);
    expect(submit).toHaveLength(2);
    expect(submit.map((item) => [item.image_index, item.seed, item.status])).toEqual([
      [0, 4_294_967_295, 'completed'],
      [1, 0, 'completed'],
    ]);
    for (const item of submit) {
      expect(item).toMatchObject({
        negative_prompt: 'blurry',
        aspect_ratio: '16:9',
        quality: 'best',
        style: 'cinematic',
        image_count: 2,
        content_prompt: 'a moonlit owl',
        ignored_options: [],
      });
    }
    // The request id names the first image.
    const first = (await call('GET', `/generations/${requestId}`, alice.token)).json();
    expect(first).toMatchObject({ id: submit[0]?.id, image_index: 0 });

    const sent = [...received].sort((a, b) => (a.seed ?? 0) - (b.seed ?? 0));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      seed: 4_294_967_295,
      aspectRatio: '16:9',
      quality: 'best',
      prompt: expect.stringContaining('cinematic film still of a moonlit owl'),
      negativePrompt: expect.stringMatching(/, blurry$/),
    });
    expect(sent[0]?.seed).toBe(0);

    // A favorite keeps the image's settings, for 'Use these settings' after the row is gone.
    const saved = await call('POST', `/generations/${submit[1]?.id}/favorite`, alice.token, {});
    expect(saved.statusCode).toBe(200);
    const { favorites } = (await call('GET', '/favorites', alice.token)).json<{
      favorites: Array<{ generation_id: string; settings: unknown }>;
    }>();
    expect(favorites.find((item) => item.generation_id === submit[1]?.id)?.settings).toEqual({
      negative_prompt: 'blurry',
      seed: 0,
      aspect_ratio: '16:9',
      quality: 'best',
      style: 'cinematic',
    });
  });

  it("the join's snapshot tells a fresh submit its place and wait (recent durations, same backend)", async () => {
    // The first test's images completed on the fake engine; make each of them have taken 12 s.
    await ctx.database.db
      .update(generations)
      .set({ startedAt: sql`completed_at - interval '12 seconds'` })
      .where(and(eq(generations.status, 'completed'), eq(generations.backend, 'onnx:fake')));
    const published: RealtimeEvent[] = [];
    const spy = vi.spyOn(ctx.app.realtime, 'publish').mockImplementation((event) => {
      published.push(event);
    });
    try {
      // A premium job is claimed first, so alice's two images are 2nd and 3rd.
      expect((await generate(vip.token, {})).statusCode).toBe(200);
      await giveCredits(ctx.database.db, alice.userId, 2);
      const { requestId } = (await generate(alice.token, { image_count: 2 })).json<{
        requestId: string;
      }>();
      const channel = channels.generation(requestId);
      // Nobody can be in the channel of a request id the POST has not answered yet.
      expect(published.filter((event) => event.channel === channel)).toEqual([]);

      const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await realtime.connect(url, alice.token);
      const [first] = await rowsOf(requestId);
      // One job at a time (WORKER_CONCURRENCY 1 in tests): 2 places × 12 s.
      expect(await realtime.join(socket, channel)).toMatchObject({
        status: 'SUBSCRIBED',
        snapshot: {
          id: first?.id,
          request_id: requestId,
          image_index: 0,
          status: 'queued',
          queue_position: 2,
          estimated_wait_s: 24,
        },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('draws a seed when none is sent and always returns it', async () => {
    await giveCredits(ctx.database.db, alice.userId, 1);
    const { requestId } = (await generate(alice.token, {})).json<{ requestId: string }>();
    const shown = (await call('GET', `/generations/${requestId}`, alice.token)).json<{
      seed: number;
      aspect_ratio: string;
      quality: string;
      style: null;
    }>();
    expect(Number.isInteger(shown.seed)).toBe(true);
    expect(shown).toMatchObject({ aspect_ratio: '1:1', quality: 'balanced', style: null });
    const [row] = await rowsOf(requestId);
    expect(row?.seed).toBe(shown.seed);
  });

  it('refuses options out of bounds with 422 and charges nothing', async () => {
    const before = (await ledgerOf(alice.userId)).balance ?? 0;
    for (const bad of [{ image_count: 5 }, { aspect_ratio: '5:4' }, { seed: -1 }, { style: 'x' }]) {
      const response = await generate(alice.token, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect((await ledgerOf(alice.userId)).balance).toBe(before);
  });

  it('charges N images together or not at all (402 when the balance is short)', async () => {
    await giveCredits(ctx.database.db, bob.userId, 1);
    const response = await generate(bob.token, { image_count: 2 });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: 'INSUFFICIENT_CREDITS' });
    const ledger = await ledgerOf(bob.userId);
    expect(ledger.balance).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, bob.userId));
    expect(rows).toHaveLength(0);
  });

  it('a balance of 3 and 10 concurrent submits of 2 images: exactly one succeeds', async () => {
    const carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
    await giveCredits(ctx.database.db, carol.userId, 3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => generate(carol.token, { image_count: 2 })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(9);
    const ledger = await ledgerOf(carol.userId);
    expect(ledger.balance).toBe(1);
    expect(ledger.ledgerSum).toBe(1);
  });

  it('limits the images one person has waiting, premium more, with 429 and Retry-After', async () => {
    await giveCredits(ctx.database.db, alice.userId, 10);
    expect((await generate(alice.token, { image_count: 3 })).statusCode).toBe(200);
    const over = await generate(alice.token, { image_count: 2 });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await generate(alice.token, { image_count: 1 })).statusCode).toBe(200);
    // Premium: 6 at once.
    expect((await generate(vip.token, { image_count: 4 })).statusCode).toBe(200);
    expect((await generate(vip.token, { image_count: 2 })).statusCode).toBe(200);
    expect((await generate(vip.token, { image_count: 1 })).statusCode).toBe(429);
  });

  it('cancels a queued submit at once: every image failed with Cancelled, every credit back', async () => {
    await giveCredits(ctx.database.db, alice.userId, 3);
    const before = (await ledgerOf(alice.userId)).balance ?? 0;
    const { requestId } = (await generate(alice.token, { image_count: 3 })).json<{
      requestId: string;
    }>();
    expect((await ledgerOf(alice.userId)).balance).toBe(before - 3);
    // Someone else cannot cancel it.
    expect((await call('POST', `/generations/${requestId}/cancel`, bob.token)).statusCode).toBe(
      404,
    );
    const cancelled = await call('POST', `/generations/${requestId}/cancel`, alice.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ cancelled: 3, refunded: 3 });
    expect((await ledgerOf(alice.userId)).balance).toBe(before);
    const rows = await rowsOf(requestId);
    expect(rows.map((row) => [row.status, row.error])).toEqual(
      Array.from({ length: 3 }, () => ['failed', CANCELLED_REASON]),
    );
    // Nothing is left to cancel: 422, and nothing changes.
    const again = await call('POST', `/generations/${requestId}/cancel`, alice.token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'GENERATION_ALREADY_FINISHED' });
    expect((await ledgerOf(alice.userId)).balance).toBe(before);
  });

  it('cancels one image by its generation id, leaving the others', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const { requestId } = (await generate(alice.token, { image_count: 2 })).json<{
      requestId: string;
    }>();
    const [, second] = await rowsOf(requestId);
    const response = await call('POST', `/generations/${second?.id}/cancel`, alice.token);
    expect(response.json()).toEqual({ cancelled: 1, refunded: 1 });
    expect((await rowsOf(requestId)).map((row) => row.status)).toEqual(['queued', 'failed']);
  });

  it('stops a running job: the engine call is aborted, the credit comes back once', async () => {
    await giveCredits(ctx.database.db, alice.userId, 1);
    let aborted = false;
    behaviour = async (signal) => {
      signal?.addEventListener('abort', () => (aborted = true));
      return untilAborted(signal);
    };
    const before = (await ledgerOf(alice.userId)).balance ?? 0;
    const { requestId } = (await generate(alice.token, {})).json<{ requestId: string }>();
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: ctx.app.imageEngine,
    });
    try {
      await waitFor(async () => (await rowsOf(requestId))[0]?.status === 'processing');
      const response = await call('POST', `/generations/${requestId}/cancel`, alice.token);
      expect(response.json()).toEqual({ cancelled: 1, refunded: 1 });
      await waitFor(() => aborted);
    } finally {
      await worker.stop();
    }
    const [row] = await rowsOf(requestId);
    expect(row).toMatchObject({ status: 'failed', error: CANCELLED_REASON, resultPath: null });
    const ledger = await ledgerOf(alice.userId);
    expect(ledger.balance).toBe(before);
    expect(ledger.ledgerSum).toBe(ledger.balance);
    expect(
      ledger.entries.filter((entry) => entry.reason === 'refund' && entry.generationId === row?.id),
    ).toHaveLength(1);
  });

  it('a cancel racing the worker’s completion refunds exactly when the image is not delivered', async () => {
    for (let round = 0; round < 6; round += 1) {
      await giveCredits(ctx.database.db, alice.userId, 1);
      let release: () => void = () => undefined;
      const finishing = new Promise<void>((resolve) => (release = resolve));
      behaviour = async () => {
        await finishing;
        return TINY_PNG;
      };
      const { requestId } = (await generate(alice.token, {})).json<{ requestId: string }>();
      const worker = startTestWorker({
        database: ctx.database,
        images: ctx.app.images,
        engine: ctx.app.imageEngine,
      });
      try {
        await waitFor(async () => (await rowsOf(requestId))[0]?.status === 'processing');
        const [row] = await rowsOf(requestId);
        // Release the engine and cancel in the same tick: either may win.
        release();
        const response = await call('POST', `/generations/${requestId}/cancel`, alice.token);
        await waitFor(async () => (await rowsOf(requestId))[0]?.status !== 'processing');
        const [after] = await rowsOf(requestId);
        const refunds = (await ledgerOf(alice.userId)).entries.filter(
          (entry) => entry.reason === 'refund' && entry.generationId === row?.id,
        );
        if (after?.status === 'completed') {
          expect(response.statusCode).toBe(422);
          expect(refunds).toHaveLength(0);
        } else {
          expect(response.statusCode).toBe(200);
          expect(after).toMatchObject({ status: 'failed', error: CANCELLED_REASON });
          expect(refunds).toHaveLength(1);
        }
      } finally {
        await worker.stop();
      }
    }
    const ledger = await ledgerOf(alice.userId);
    expect(ledger.ledgerSum).toBe(ledger.balance);
  });
});
