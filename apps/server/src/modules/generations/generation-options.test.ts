import { findGenerationsResponseSchema } from '@nocturne/contract/generations/generation';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generations } from './generations-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import { createRealtimeClients } from '../../../test/realtime-client';
import {
  emptyQueue,
  optionsHelpers,
  startOptionsApp,
  type EngineBehaviour,
  type Person,
} from '../../../test/generation-options-fixtures';

/** Options, image count and queue limits; cancelling is in generation-cancel.test. */
describe('generation options, image count, queue limits and cancel', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let vip: Person;
  const received: GenerateRequest[] = [];
  let behaviour: EngineBehaviour = () => TINY_PNG;
  const realtime = createRealtimeClients();

  beforeAll(async () => {
    ({ ctx, alice, bob, vip } = await startOptionsApp((signal, request) => {
      received.push(request);
      return behaviour(signal);
    }));
  });
  afterAll(async () => {
    realtime.disconnectAll();
    await ctx.close();
  });

  beforeEach(async () => {
    // Each test starts with an empty queue and a known engine.
    await emptyQueue(ctx);
    behaviour = () => TINY_PNG;
    received.length = 0;
  });

  const { call, generate, ledgerOf, rowsOf, runUntilDone } = optionsHelpers(() => ctx);

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
});
