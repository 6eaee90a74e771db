import {
  findGenerationsResponseSchema,
  generationSchema,
} from '@nocturne/contract/generations/generation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from './generations-tables';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import {
  generationsHelpers,
  startGenerationsApp,
  type Person,
} from '../../../test/generation-routes-fixtures';

/** Saving an expired result, retrying a failed generation, and deleting generations. */
describe('generations API', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let failNext = false;

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startGenerationsApp(() => failNext));
  });
  afterAll(() => ctx.close());

  const { call, generate, balanceOf, runQueue } = generationsHelpers(() => ctx);

  it('saves an expired result only from the very bytes that were generated (issue 13)', async () => {
    await giveCredits(ctx.database.db, alice.userId, 2);
    const { requestId } = (await generate(alice.token, 'an expiring owl')).json<{
      requestId: string;
    }>();
    await runQueue();
    // What retention cleanup leaves: the row without its file.
    await ctx.database.db
      .update(generations)
      .set({ resultPath: null, resultExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(generations.requestId, requestId));
    const save = (png: Buffer) =>
      call('POST', `/generations/${requestId}/favorite`, alice.token, {
        result_base64: png.toString('base64'),
      });

    // A PNG signature in front of a page is not the generated image.
    const forged = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('<html>hi</html>')]);
    const refused = await save(forged);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'result_base64: this is not the image that was generated',
    });

    const saved = await save(TINY_PNG);
    expect(saved.statusCode).toBe(200);
    const url = saved.json<{ favorite: { result_image_url: string } }>().favorite.result_image_url;
    expect((await ctx.app.inject({ method: 'GET', url })).rawPayload.equals(TINY_PNG)).toBe(true);

    // A row that predates the digest cannot be saved from a client copy at all.
    const { requestId: older } = (await generate(alice.token, 'an older owl')).json<{
      requestId: string;
    }>();
    await runQueue();
    await ctx.database.db
      .update(generations)
      .set({ resultPath: null, resultSha256: null, resultExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(generations.requestId, older));
    const gone = await call('POST', `/generations/${older}/favorite`, alice.token, {
      result_base64: TINY_PNG.toString('base64'),
    });
    expect(gone.statusCode).toBe(422);
    expect(gone.json()).toMatchObject({
      message: 'This image has expired and can no longer be saved.',
    });
  });

  it('retries a failed generation as a new charge, and deletes a generation with its image', async () => {
    failNext = true;
    const { requestId } = (await generate(alice.token, 'a failing owl')).json<{
      requestId: string;
    }>();
    await runQueue();
    failNext = false;
    const failed = await call('GET', `/generations/${requestId}`, alice.token);
    expect(failed.json()).toMatchObject({ status: 'failed', error: expect.any(String) });
    const before = await balanceOf(alice.userId);

    const retried = await call('POST', `/generations/${requestId}/retry`, alice.token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', error: null, request_id: requestId });
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 1);
    expect((await call('POST', `/generations/${requestId}/retry`, alice.token)).statusCode).toBe(
      422,
    );
    await runQueue();
    const done = generationSchema.parse(
      (await call('GET', `/generations/${requestId}`, alice.token)).json(),
    );
    expect(done.status).toBe('completed');
    expect(await balanceOf(alice.userId)).toBe((before ?? 0) - 1);

    const deleted = await call('DELETE', `/generations/${done.id}`, alice.token);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/generations/${done.id}`, alice.token)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: done.result_image_url ?? '' })).statusCode,
    ).toBe(404);
  });

  it('refunds a retried run that fails again, once per run', async () => {
    const before = (await balanceOf(alice.userId)) ?? 0;
    failNext = true;
    try {
      const { requestId } = (await generate(alice.token, 'an owl that never renders')).json<{
        requestId: string;
      }>();
      await runQueue();
      expect(await balanceOf(alice.userId)).toBe(before);
      expect((await call('POST', `/generations/${requestId}/retry`, alice.token)).statusCode).toBe(
        200,
      );
      expect(await balanceOf(alice.userId)).toBe(before - 1);
      await runQueue();
      expect(await balanceOf(alice.userId)).toBe(before);

      const { id } = generationSchema.parse(
        (await call('GET', `/generations/${requestId}`, alice.token)).json(),
      );
      const { entries, ledgerSum, balance } = await readCreditLedger(ctx.database.db, alice.userId);
      const ofThisGeneration = entries.filter((entry) => entry.generationId === id);
      expect(ofThisGeneration.map((entry) => entry.amount).sort()).toEqual([-1, -1, 1, 1]);
      expect(ledgerSum).toBe(balance);
    } finally {
      failNext = false;
    }
  });

  it('cancels a queued generation on delete and gives its credit back', async () => {
    const before = (await balanceOf(alice.userId)) ?? 0;
    const { requestId } = (await generate(alice.token, 'an owl to cancel')).json<{
      requestId: string;
    }>();
    expect(await balanceOf(alice.userId)).toBe(before - 1);
    expect((await call('DELETE', `/generations/${requestId}`, alice.token)).statusCode).toBe(200);
    expect(await balanceOf(alice.userId)).toBe(before);
  });

  it('removes a favorite whose generation was deleted, by the favorite id, for its owner only', async () => {
    expect((await generate(alice.token, 'a moth')).statusCode).toBe(200);
    await runQueue();
    const item = findGenerationsResponseSchema
      .parse((await call('GET', '/generations?limit=100', alice.token)).json())
      .generations.find((generation) => generation.content_prompt === 'a moth');
    expect(item?.status).toBe('completed');
    const saved = await call('POST', `/generations/${item?.id}/favorite`, alice.token, {});
    const favorite = saved.json<{ favorite: { id: string; result_image_url: string } }>().favorite;
    expect((await call('DELETE', `/generations/${item?.id}`, alice.token)).statusCode).toBe(200);
    const gallery = (await call('GET', '/favorites?limit=10', alice.token)).json();
    expect(gallery.favorites).toContainEqual(
      expect.objectContaining({ id: favorite.id, generation_id: null }),
    );

    expect(
      (await call('DELETE', `/generations/${favorite.id}/favorite`, bob.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/generations/${favorite.id}/favorite`, alice.token)).statusCode,
    ).toBe(200);
    const after = (await call('GET', '/favorites?limit=10', alice.token)).json();
    expect(after.favorites.map((entry: { id: string }) => entry.id)).not.toContain(favorite.id);
    const image = await ctx.app.inject({ method: 'GET', url: favorite.result_image_url });
    expect(image.statusCode).toBe(404);
  });
});
