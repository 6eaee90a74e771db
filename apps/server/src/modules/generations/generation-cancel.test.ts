import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/create-test-app';
import {
  giveCredits,
  startTestWorker,
  TINY_PNG,
  untilAborted,
  waitFor,
} from '../../../test/generation-worker-harness';
import {
  emptyQueue,
  optionsHelpers,
  startOptionsApp,
  type EngineBehaviour,
  type Person,
} from '../../../test/generation-options-fixtures';

/** Cancelling queued and running images (the app of generation-options.test). */
describe('generation options, image count, queue limits and cancel', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let behaviour: EngineBehaviour = () => TINY_PNG;

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startOptionsApp((signal) => behaviour(signal)));
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    // Each test starts with an empty queue and a known engine.
    await emptyQueue(ctx);
    behaviour = () => TINY_PNG;
  });

  const { call, generate, ledgerOf, rowsOf } = optionsHelpers(() => ctx);

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
