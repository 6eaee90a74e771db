import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { generations } from './generations-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import { giveCredits } from '../../../test/generation-worker-harness';
import { insertQueuedJobs } from '../../../test/queued-jobs';
import { writeServiceSettings } from '../service-settings/service-settings-repository';
import { insertCompletedSource, startDeriveApp } from '../../../test/derive-fixtures';

/** POST /generations/{id}/variations and …/upscale: checks, charging and the stored row. */
describe('variations and upscales of a result', () => {
  let setup: Awaited<ReturnType<typeof startDeriveApp>>;
  beforeAll(async () => {
    setup = await startDeriveApp();
  });
  afterAll(() => setup.ctx.close());

  const rowsOf = (requestId: string) =>
    setup.ctx.database.db.select().from(generations).where(eq(generations.requestId, requestId));
  const balanceOf = async (userId: string) => (await setup.ledgerOf(userId)).balance;

  it('queues a variation with the source options and a new seed, charging the catalog cost once', async () => {
    const { ctx, alice, derive, read } = setup;
    const source = await insertCompletedSource(ctx, alice.userId, { model: 'pricey' });
    const before = await balanceOf(alice.userId);
    const response = await derive(alice.token, source.id, 'variations', { strength: 'strong' });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    const [row] = await rowsOf(requestId);
    expect(row).toMatchObject({
      kind: 'variation',
      sourceGenerationId: source.id,
      strength: 'strong',
      upscaleFactor: null,
      model: 'pricey',
      contentPrompt: source.contentPrompt,
      negativePrompt: 'fog',
      quality: 'fast',
      imageCount: 1,
      status: 'queued',
    });
    expect(row?.seed).not.toBe(source.seed);
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 2);
    expect(await read(alice.token, requestId)).toMatchObject({
      kind: 'variation',
      source_generation_id: source.id,
      strength: 'strong',
      upscale_factor: null,
    });
    expect(await read(alice.token, source.id)).toMatchObject({ kind: 'generate' });
  });

  it('queues an upscale at the source seed for the upscale cost', async () => {
    const { ctx, alice, derive, read } = setup;
    const source = await insertCompletedSource(ctx, alice.userId, { model: 'pricey' });
    const before = await balanceOf(alice.userId);
    const response = await derive(alice.token, source.id, 'upscale', { factor: 2 });
    expect(response.statusCode).toBe(200);
    const { requestId } = response.json<{ requestId: string }>();
    const [row] = await rowsOf(requestId);
    expect(row).toMatchObject({ kind: 'upscale', upscaleFactor: 2, seed: source.seed });
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 3);
    expect(await read(alice.token, requestId)).toMatchObject({
      kind: 'upscale',
      upscale_factor: 2,
    });
  });

  it("answers 404 for another person's result or a missing one, charging nothing", async () => {
    const { ctx, alice, bob, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(bob.userId);
    for (const id of [source.id, source.requestId, randomUUID()]) {
      const response = await derive(bob.token, id, 'variations', { strength: 'subtle' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(await balanceOf(bob.userId)).toBe(before);
  });

  it('refuses an expired source, a model without the capability and a factor not offered', async () => {
    const { ctx, alice, derive } = setup;
    const before = await balanceOf(alice.userId);
    const expired = await insertCompletedSource(ctx, alice.userId, { expired: true });
    const gone = await derive(alice.token, expired.id, 'upscale', { factor: 2 });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: 'SOURCE_IMAGE_EXPIRED' });
    const plain = await insertCompletedSource(ctx, alice.userId, { model: 'plain' });
    const vary = await derive(alice.token, plain.id, 'variations', { strength: 'subtle' });
    expect(vary.statusCode).toBe(422);
    expect(vary.json()).toMatchObject({ error: 'MODEL_CANNOT_VARY' });
    const turbo = await insertCompletedSource(ctx, alice.userId);
    const four = await derive(alice.token, turbo.id, 'upscale', { factor: 4 });
    expect(four.statusCode).toBe(422);
    expect(four.json()).toMatchObject({ error: 'UPSCALE_FACTOR_UNAVAILABLE' });
    const three = await derive(alice.token, turbo.id, 'upscale', { factor: 3 });
    expect(three.statusCode).toBe(422);
    expect(three.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('refuses an upscale past 2048 pixels a side before charging, and allows one up to it', async () => {
    const { ctx, alice, derive } = setup;
    const before = await balanceOf(alice.userId);
    const large = await insertCompletedSource(ctx, alice.userId, { side: 1088 });
    const refused = await derive(alice.token, large.id, 'upscale', { factor: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'UPSCALE_TOO_LARGE',
      message: PRODUCT_ERRORS.UPSCALE_TOO_LARGE.message,
    });
    expect(await balanceOf(alice.userId)).toBe(before);
    const largest = await insertCompletedSource(ctx, alice.userId, { side: 1024 });
    expect((await derive(alice.token, largest.id, 'upscale', { factor: 2 })).statusCode).toBe(200);
  });

  it('answers a repeated Idempotency-Key with the first request and charges once', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(alice.userId);
    const headers = { 'idempotency-key': `vary-${randomUUID()}` };
    const body = { strength: 'subtle' };
    const first = await derive(alice.token, source.id, 'variations', body, headers);
    const again = await derive(alice.token, source.id, 'variations', body, headers);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 1);
    const other = await derive(
      alice.token,
      source.id,
      'variations',
      { strength: 'strong' },
      headers,
    );
    expect(other.statusCode).toBe(422);
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 1);
  });

  it('is free and served first for premium', async () => {
    const { ctx, pat, derive, ledgerOf } = setup;
    const source = await insertCompletedSource(ctx, pat.userId, { model: 'studio' });
    const response = await derive(pat.token, source.id, 'upscale', { factor: 2 });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(response.json<{ requestId: string }>().requestId);
    expect(row).toMatchObject({ priority: 1, model: 'studio' });
    expect((await ledgerOf(pat.userId)).entries).toEqual([]);
  });

  it('keeps the premium model premium, the queue cap and a short balance, charging nothing', async () => {
    const { ctx, bob, derive } = setup;
    const db = ctx.database.db;
    const studio = await insertCompletedSource(ctx, bob.userId, { model: 'studio' });
    const premiumOnly = await derive(bob.token, studio.id, 'variations', { strength: 'subtle' });
    expect(premiumOnly.statusCode).toBe(403);
    expect(premiumOnly.json()).toMatchObject({ error: 'MODEL_REQUIRES_PREMIUM' });
    const source = await insertCompletedSource(ctx, bob.userId);
    const before = await balanceOf(bob.userId);
    const waiting = await insertQueuedJobs(db, bob.userId, ctx.env.GENERATION_QUEUE_LIMITS.free, 0);
    const full = await derive(bob.token, source.id, 'variations', { strength: 'subtle' });
    expect(full.statusCode).toBe(429);
    await db.delete(generations).where(eq(generations.requestId, waiting));
    const carl = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carl@ex.test');
    await giveCredits(db, carl.userId, 0);
    const carlSource = await insertCompletedSource(ctx, carl.userId);
    const poor = await derive(carl.token, carlSource.id, 'upscale', { factor: 2 });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ error: 'INSUFFICIENT_CREDITS' });
    const carlRows = await db.select().from(generations).where(eq(generations.userId, carl.userId));
    expect(carlRows.map((row) => row.kind)).toEqual(['generate']);
    expect(await balanceOf(bob.userId)).toBe(before);
  });

  it("screens the source's prompt again against today's rules, charging nothing", async () => {
    const { ctx, alice, derive } = setup;
    // A result stored before today's rules refused its prompt.
    const source = await insertCompletedSource(ctx, alice.userId, { prompt: 'n u d e  t33n' });
    const before = await balanceOf(alice.userId);
    const response = await derive(alice.token, source.id, 'variations', { strength: 'subtle' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'CONTENT_POLICY_VIOLATION' });
    expect(await balanceOf(alice.userId)).toBe(before);
    const derived = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.sourceGenerationId, source.id));
    expect(derived).toEqual([]);
  });

  it('is refused while generation is paused, before any charge', async () => {
    const { ctx, alice, derive } = setup;
    const source = await insertCompletedSource(ctx, alice.userId);
    const before = await balanceOf(alice.userId);
    const db = ctx.database.db;
    await writeServiceSettings(db, { generation: 'off', message: '', announcement: null });
    ctx.app.serviceSettings.forget();
    try {
      const response = await derive(alice.token, source.id, 'upscale', { factor: 2 });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'GENERATION_PAUSED' });
    } finally {
      await writeServiceSettings(db, { generation: 'on', message: '', announcement: null });
      ctx.app.serviceSettings.forget();
    }
    expect(await balanceOf(alice.userId)).toBe(before);
  });
});
