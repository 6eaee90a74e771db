import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertCompletedSource } from '../../../test/derive-fixtures';
import { giveCredits, startTestWorker, waitFor } from '../../../test/generation-worker-harness';
import { inpaintingEngine, maskPng } from '../../../test/inpaint-fixtures';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { TEST_MODEL_ID } from '../../../test/test-models';
import { moderationBlockedTerms } from '../moderation/moderation-tables';
import { notifyRulesChanged } from '../moderation/moderation-rules';
import { generations } from './generations-tables';
import { cleanupExpiredResults } from './cleanup-expired-results';
import { findInpaintMask } from './repository/inpaint-masks';
import { refusedAtRenderReason } from './screen-at-render';

/**
 * Inpaint jobs through the real worker (issue 46): the engine gets the source, the mask and the
 * strength, the result keeps the source's size, the mask leaves once the job completed; a cancel
 * refunds like a variation's, and the worker screens the typed prompt again before it renders.
 */
describe('inpaint jobs (worker)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  const { engine, received } = inpaintingEngine();
  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: engine });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@ex.test');
    await giveCredits(ctx.database.db, alice.userId, 10);
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    received.length = 0;
  });

  const db = () => ctx.database.db;
  const call = (url: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${alice.token}` },
      payload,
    });
  const rowOf = async (requestId: string) => {
    const [row] = await db().select().from(generations).where(eq(generations.requestId, requestId));
    if (!row) throw new Error('no row');
    return row;
  };
  const finished = (requestId: string) =>
    waitFor(async () => {
      const row = await rowOf(requestId);
      return ['completed', 'failed'].includes(row.status) ? row : undefined;
    }, 30_000);
  const balance = async () => (await readCreditLedger(db(), alice.userId)).balance;
  const runUntilFinished = async (requestId: string) => {
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine,
      rules: ctx.app.moderation.rules,
      unitOfWork: ctx.app.unitOfWork,
    });
    try {
      return await finished(requestId);
    } finally {
      await worker.stop();
    }
  };
  const submitInpaint = async (sourceId: string, body: object) => {
    const response = await call(`/generations/${sourceId}/inpaint`, body);
    expect(response.statusCode).toBe(200);
    return response.json<{ requestId: string }>().requestId;
  };

  it("repaints with the source, the mask and the strength, at the source's size, then forgets the mask", async () => {
    const before = await balance();
    const source = await insertCompletedSource(ctx, alice.userId, { model: TEST_MODEL_ID });
    const mask = await maskPng(32, 32);
    const requestId = await submitInpaint(source.id, {
      mask: mask.toString('base64'),
      prompt: 'a red door',
      strength: 0.6,
    });
    expect(await balance()).toBe((before ?? 0) - 1);
    const published: RealtimeEvent[] = [];
    const spy = vi.spyOn(ctx.app.realtime, 'publish').mockImplementation((event) => {
      published.push(event);
    });
    const job = await runUntilFinished(requestId).finally(() => spy.mockRestore());
    expect(job).toMatchObject({ status: 'completed', kind: 'inpaint' });
    // Its events say what it is and what it was made from, as a variation's do.
    const result = published.find((event) => event.event === 'result');
    expect(result?.payload).toMatchObject({
      kind: 'inpaint',
      source_generation_id: source.id,
      status: 'completed',
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.prompt).toBe('a red door');
    expect(request?.init?.strength).toBe(0.6);
    expect(request?.init?.mask?.equals(mask)).toBe(true);
    expect(request?.init?.png.equals(await ctx.app.images.read(source.resultPath ?? ''))).toBe(
      true,
    );
    const { result_image_url: url } = (await call(`/generations/${requestId}`)).json<{
      result_image_url: string;
    }>();
    const png = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
    expect(await findInpaintMask(db(), job.id)).toBeUndefined();
    expect(await balance()).toBe((before ?? 0) - 1);
  });

  it('refunds a cancelled inpaint once, renders its retry with the kept mask, and forgets the mask of one that can never run', async () => {
    const before = await balance();
    const source = await insertCompletedSource(ctx, alice.userId, { model: TEST_MODEL_ID });
    const mask = await maskPng(64, 64);
    const requestId = await submitInpaint(source.id, { mask: mask.toString('base64') });
    expect((await call(`/generations/${requestId}/cancel`, {})).statusCode).toBe(200);
    expect((await call(`/generations/${requestId}/cancel`, {})).statusCode).toBe(422);
    expect(await balance()).toBe(before);
    const cancelled = await rowOf(requestId);
    expect(cancelled).toMatchObject({ status: 'failed', kind: 'inpaint' });

    // Failed, it keeps its mask: a retry renders it, charged again like a variation.
    expect((await call(`/generations/${requestId}/retry`, {})).statusCode).toBe(200);
    expect(await balance()).toBe((before ?? 0) - 1);
    expect(await runUntilFinished(requestId)).toMatchObject({ status: 'completed' });
    expect(received[0]?.init?.mask?.equals(mask)).toBe(true);

    // A failed inpaint whose source is gone can never run again: the cleanup forgets its mask.
    const other = await submitInpaint(source.id, { mask: mask.toString('base64') });
    expect((await call(`/generations/${other}/cancel`, {})).statusCode).toBe(200);
    const failed = await rowOf(other);
    await cleanupExpiredResults({ db: db(), images: ctx.app.images });
    expect(await findInpaintMask(db(), failed.id)).toBeDefined();
    await db()
      .update(generations)
      .set({ resultExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(generations.id, source.id));
    await cleanupExpiredResults({ db: db(), images: ctx.app.images });
    expect(await findInpaintMask(db(), failed.id)).toBeUndefined();
  });

  it('refuses at render a queued inpaint whose typed prompt the rules came to refuse: failed, refunded', async () => {
    const before = await balance();
    const source = await insertCompletedSource(ctx, alice.userId, { model: TEST_MODEL_ID });
    const requestId = await submitInpaint(source.id, {
      mask: (await maskPng(64, 64)).toString('base64'),
      prompt: 'a lantern beside a vellowisp',
    });
    expect(await balance()).toBe((before ?? 0) - 1);
    await db().transaction(async (tx) => {
      await tx
        .insert(moderationBlockedTerms)
        .values({ term: 'vellowisp', kind: 'inherent', createdBy: 'test' });
      await notifyRulesChanged(tx);
    });
    await ctx.app.moderation.rules.reload();
    try {
      const job = await runUntilFinished(requestId);
      expect(job).toMatchObject({
        status: 'failed',
        kind: 'inpaint',
        error: refusedAtRenderReason('sexualised_minor', ['vellowisp']),
        failureKind: 'refused',
      });
    } finally {
      await db().delete(moderationBlockedTerms);
      await ctx.app.moderation.rules.reload();
    }
    expect(received).toEqual([]);
    expect(await balance()).toBe(before);
  });
});
