import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODEL_ID } from '../../../test/test-models';
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
import { insertTestUser } from '../../../test/insert-test-user';
import { insertTestPayment, ipnBodyFor, postIpn } from '../../../test/payments-fixture';
import { scrapeMetrics, type ParsedMetrics } from '../../../test/prometheus-text';
import { createRealtimeClients } from '../../../test/realtime-client';
import { grantCredits } from '../credits/grant-credits';

const TOKEN = 'metrics-token-for-tests-0123456789';
const MODEL = { model: TEST_MODEL_ID };
type Behaviour = 'succeed' | 'fail' | 'hang';

describe('metrics move when the thing happens', () => {
  let ctx: TestApp;
  let url: string;
  let person: { token: string; userId: string };
  let behaviour: Behaviour = 'succeed';
  const clients = createRealtimeClients();

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      imageEngine: fakeEngine((signal) => {
        if (behaviour === 'fail') throw new Error('backend down');
        if (behaviour === 'hang') return untilAborted(signal);
        return TINY_PNG;
      }),
    });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'metrics@example.com');
    await giveCredits(ctx.database.db, person.userId, 10);
  });
  afterAll(async () => {
    clients.disconnectAll();
    await ctx.close();
  });

  const scrape = () => scrapeMetrics(url, TOKEN);
  const delta =
    (before: ParsedMetrics, after: ParsedMetrics) =>
    (name: string, labels = {}) =>
      after.value(name, labels) - before.value(name, labels);

  async function submit() {
    const response = await fetch(`${url}/api/v1/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source_prompt: '', content_prompt: 'a moonlit owl' }),
    });
    expect(response.status).toBe(200);
  }

  /** Submits one image and runs a worker until it is no longer queued or running. */
  async function submitAndRun(mode: Behaviour) {
    behaviour = mode;
    await submit();
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: ctx.app.imageEngine,
      unitOfWork: ctx.app.unitOfWork,
      settings: { maxAttempts: 1, timeoutMs: 200 },
    });
    // The worker offers its slot while it runs (0 again once stopped, checked below).
    await waitFor(async () => (await scrape()).value('nocturne_worker_slots', MODEL) === 1);
    await waitFor(async () => (await scrape()).value('nocturne_generation_queue_depth') === 0);
    await waitFor(async () => (await scrape()).value('nocturne_generations_running') === 0);
    await worker.stop();
  }

  it('counts a submit and its debit', async () => {
    const before = await scrape();
    await submit();
    const change = delta(before, await scrape());
    expect(
      change('nocturne_generations_submitted_total', { model: TEST_MODEL_ID, tier: 'free' }),
    ).toBe(1);
    expect(change('nocturne_credits_debited_total', { reason: 'generation' })).toBe(1);
    expect(change('nocturne_generation_queue_depth', MODEL)).toBe(1);
  });

  it('times a completed job and its wait in the queue, with a worker slot while it runs', async () => {
    const before = await scrape();
    await submitAndRun('succeed');
    const after = await scrape();
    const change = delta(before, after);
    // Two: the job left by the test above and this one.
    expect(change('nocturne_generation_jobs_total', { ...MODEL, outcome: 'completed' })).toBe(2);
    expect(
      change('nocturne_generation_job_duration_seconds_count', { ...MODEL, outcome: 'completed' }),
    ).toBe(2);
    expect(change('nocturne_generation_queue_wait_seconds_count', MODEL)).toBe(2);
    expect(after.value('nocturne_worker_slots', MODEL)).toBe(0);
  });

  it('counts a failed job by its reason, and its refund', async () => {
    const before = await scrape();
    await submitAndRun('fail');
    await submitAndRun('hang');
    const change = delta(before, await scrape());
    expect(change('nocturne_generation_failures_total', { ...MODEL, reason: 'error' })).toBe(1);
    expect(change('nocturne_generation_failures_total', { ...MODEL, reason: 'timeout' })).toBe(1);
    expect(change('nocturne_generation_jobs_total', { ...MODEL, outcome: 'failed' })).toBe(2);
    expect(change('nocturne_credits_granted_total', { reason: 'refund' })).toBe(2);
  });

  it('counts a grant through the ledger once committed, and nothing for a rolled-back one', async () => {
    const before = await scrape();
    const grant = (amount: number, fail: boolean) =>
      ctx.app.unitOfWork.transaction(async (tx, events) => {
        await grantCredits({
          tx,
          events,
          userId: person.userId,
          amount,
          reason: 'topup',
          idempotencyKey: `metrics-test:${amount}`,
        });
        if (fail) throw new Error('rolled back');
      });
    await grant(7, false);
    await expect(grant(11, true)).rejects.toThrow('rolled back');
    expect(
      delta(before, await scrape())('nocturne_credits_granted_total', { reason: 'topup' }),
    ).toBe(7);
  });

  it('counts an applied payment update by status and source', async () => {
    const userId = await insertTestUser(ctx.database.db);
    const order = await insertTestPayment(ctx.database.db, { userId });
    const before = await scrape();
    const body = ipnBodyFor(order, 'confirming');
    expect((await postIpn(ctx.app, body, ctx.app.payments.config.ipnSecret)).statusCode).toBe(200);
    // A duplicate changes nothing and is not counted.
    await postIpn(ctx.app, body, ctx.app.payments.config.ipnSecret);
    const change = delta(before, await scrape());
    expect(change('nocturne_payment_updates_total', { status: 'confirming', source: 'ipn' })).toBe(
      1,
    );
  });

  it('follows realtime connections as sockets connect and disconnect', async () => {
    const connections = async () => (await scrape()).value('nocturne_realtime_connections');
    const before = await connections();
    const socket = await clients.connect(url, person.token);
    expect(await connections()).toBe(before + 1);
    socket.disconnect();
    await waitFor(async () => (await connections()) === before);
  });
});
