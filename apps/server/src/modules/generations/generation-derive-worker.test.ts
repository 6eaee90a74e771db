import { UnsupportedRequestError } from '@nocturne/imagegen/errors';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { giveCredits, startTestWorker, waitFor } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { smallImages } from '../../../test/small-images-engine';
import { TEST_MODEL_ID } from '../../../test/test-models';
import { generations } from './generations-tables';
import { engineThatCan, insertCompletedSource } from '../../../test/derive-fixtures';
import { SOURCE_VANISHED_REASON } from './derived-job-input';

/** Variations and upscales through the real worker: the result, and a refund when it fails. */
describe('variation and upscale jobs (worker)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@ex.test');
    await giveCredits(ctx.database.db, alice.userId, 10);
  });
  afterAll(() => ctx.close());

  const call = (url: string, payload?: object) =>
    ctx.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${alice.token}` },
      payload,
    });
  const rowOf = async (requestId: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.requestId, requestId));
    return row;
  };
  const finished = (requestId: string) =>
    waitFor(async () => {
      const row = await rowOf(requestId);
      return row && ['completed', 'failed'].includes(row.status) ? row : undefined;
    }, 30_000);
  const imageWidth = async (requestId: string) => {
    const { result_image_url: url } = (await call(`/generations/${requestId}`)).json<{
      result_image_url: string;
    }>();
    const png = (await ctx.app.inject({ method: 'GET', url })).rawPayload;
    return [png.readUInt32BE(16), png.readUInt32BE(20)];
  };
  const balance = async () => (await readCreditLedger(ctx.database.db, alice.userId)).balance;
  const worker = (engine = smallImages(ctx.app.imageEngine)) =>
    startTestWorker({ database: ctx.database, images: ctx.app.images, engine });

  it('upscales a result to exactly twice its size and varies it, on the preview model', async () => {
    const running = worker();
    try {
      const submit = await call('/generate', { content_prompt: 'a moonlit owl' });
      const source = await finished(submit.json<{ requestId: string }>().requestId);
      expect(source.status).toBe('completed');
      expect(await imageWidth(source.requestId)).toEqual([256, 256]);
      const upscale = await call(`/generations/${source.id}/upscale`, { factor: 2 });
      const variation = await call(`/generations/${source.id}/variations`, { strength: 'subtle' });
      const upscaled = await finished(upscale.json<{ requestId: string }>().requestId);
      const varied = await finished(variation.json<{ requestId: string }>().requestId);
      expect(upscaled).toMatchObject({ status: 'completed', kind: 'upscale' });
      expect(varied).toMatchObject({ status: 'completed', kind: 'variation' });
      expect(await imageWidth(upscaled.requestId)).toEqual([512, 512]);
      expect(await imageWidth(varied.requestId)).toEqual([256, 256]);
      expect(await balance()).toBe(7);
    } finally {
      await running.stop();
    }
  });

  it('fails and refunds once when the source image vanished before the job ran', async () => {
    const before = await balance();
    const source = await insertCompletedSource(ctx, alice.userId, { model: TEST_MODEL_ID });
    const submit = await call(`/generations/${source.id}/upscale`, { factor: 2 });
    expect(submit.statusCode).toBe(200);
    await ctx.app.images.remove(source.resultPath ?? '');
    const running = worker();
    try {
      const job = await finished(submit.json<{ requestId: string }>().requestId);
      expect(job).toMatchObject({ status: 'failed', error: SOURCE_VANISHED_REASON, attempts: 1 });
    } finally {
      await running.stop();
    }
    const ledger = await readCreditLedger(ctx.database.db, alice.userId);
    const refunds = ledger.entries.filter((entry) => entry.reason === 'refund');
    expect(refunds.filter((entry) => entry.amount === 1).length).toBeGreaterThanOrEqual(1);
    expect(ledger.balance).toBe(before);
  });

  it('fails an action the engine refuses as unsupported without retrying, refunded once', async () => {
    const before = await balance();
    const asked: GenerateRequest[] = [];
    const refusing = engineThatCan({
      imageToImage: true,
      upscaleFactors: [2],
      livePreview: false,
      inpaint: false,
    });
    refusing.generate = (request) => {
      asked.push(request);
      return Promise.reject(new UnsupportedRequestError('no image-to-image here'));
    };
    const source = await insertCompletedSource(ctx, alice.userId, { model: TEST_MODEL_ID });
    const submit = await call(`/generations/${source.id}/variations`, { strength: 'strong' });
    const running = worker(refusing);
    try {
      const job = await finished(submit.json<{ requestId: string }>().requestId);
      expect(job.status).toBe('failed');
    } finally {
      await running.stop();
    }
    expect(asked).toHaveLength(1);
    expect(asked[0]?.init?.strength).toBe(0.7);
    expect(asked[0]?.init?.png.equals(await ctx.app.images.read(source.resultPath ?? ''))).toBe(
      true,
    );
    expect(await balance()).toBe(before);
  });

  it('refunds a cancelled variation once', async () => {
    const before = await balance();
    const source = await insertCompletedSource(ctx, alice.userId, { model: TEST_MODEL_ID });
    const submit = await call(`/generations/${source.id}/variations`, { strength: 'subtle' });
    const { requestId } = submit.json<{ requestId: string }>();
    expect(await balance()).toBe((before ?? 0) - 1);
    expect((await call(`/generations/${requestId}/cancel`, {})).statusCode).toBe(200);
    expect((await call(`/generations/${requestId}/cancel`, {})).statusCode).toBe(422);
    expect(await balance()).toBe(before);
    expect(await rowOf(requestId)).toMatchObject({ status: 'failed', kind: 'variation' });
  });
});
