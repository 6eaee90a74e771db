import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { findWebhookDeliveriesResponseSchema } from '@nocturne/contract/webhooks/webhook-deliveries';
import { webhookEventSchema } from '@nocturne/contract/webhooks/webhook-event';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { documentedWebhookVerifier } from '../../../test/documented-webhook-verifier';
import { unitOfWorkFailingOn } from '../../../test/failing-unit-of-work';
import { silentUnitOfWork } from '../../../test/silent-unit-of-work';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import { submitOneImage } from '../../../test/generation-request';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { startWorker } from '../../worker/start-worker';
import { cancelGeneration } from '../generations/cancel-generation';
import { createWebhookDeliveryHandler, type WebhookDeliveryDeps } from './webhook-delivery-handler';
import { exponentialRetrySchedule } from './webhook-retry-schedule';
import { webhookDeliveries, webhooks } from './webhooks-tables';

const ALL_EVENTS = ['generation.completed', 'generation.failed', 'generation.cancelled'];
const silent = pino({ level: 'silent' });
/** Short waits through the production schedule's own seam. */
const FAST_RETRIES = exponentialRetrySchedule({ baseMs: 20, maxMs: 80, giveUpAfterMs: 60_000 });

describe('webhook deliveries', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  const open: Array<{ close(): Promise<void> } | { stop(): Promise<void> }> = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    await giveCredits(ctx.database.db, alice.userId, 100);
  });
  afterEach(async () => {
    for (const part of open.splice(0)) await ('stop' in part ? part.stop() : part.close());
    await ctx.database.db.delete(webhooks).where(eq(webhooks.userId, alice.userId));
  });
  afterAll(() => ctx.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${alice.token}` },
      payload: body,
    });
  async function receiver(answer?: Parameters<typeof startWebhookReceiver>[0]) {
    const started = await startWebhookReceiver(answer);
    open.push(started);
    return started;
  }
  async function addWebhook(url: string, events = ALL_EVENTS) {
    const response = await api('POST', '/webhooks', { url, events });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; secret: string }>();
  }
  function startLoop(deps: Partial<WebhookDeliveryDeps> = {}) {
    const loop = startWorker({
      database: ctx.database,
      logger: silent,
      handlers: [
        createWebhookDeliveryHandler({
          urlFor: (key) => ctx.app.images.urlFor(key),
          allowPrivate: true,
          pollIntervalMs: 20,
          schedule: FAST_RETRIES,
          ...deps,
        }),
      ],
    });
    open.push(loop);
    return loop;
  }
  /** Submits `count` images and lets a worker take each to its end with `engine`. */
  async function finishImages(count: number, engine = fakeEngine(() => TINY_PNG), attempts = 3) {
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      ids.push((await submitOneImage(ctx.database.db, alice.userId)).id);
    }
    const worker = startTestWorker({
      database: ctx.database,
      engine,
      images: ctx.app.images,
      settings: { maxAttempts: attempts },
    });
    await waitFor(async () => {
      const answers = await Promise.all(ids.map((id) => api('GET', `/generations/${id}`)));
      return answers.every((answer) => ['completed', 'failed'].includes(answer.json().status));
    });
    await worker.stop();
    return ids;
  }
  const deliveriesOf = async (webhookId: string) =>
    findWebhookDeliveriesResponseSchema.parse(
      (await api('GET', `/webhooks/${webhookId}/deliveries`)).json(),
    ).deliveries;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('a local receiver gets a signed generation.completed that the documented code verifies', async () => {
    const verify = await documentedWebhookVerifier();
    const hooked = await receiver();
    const { id, secret } = await addWebhook(hooked.url);
    const [generationId] = await finishImages(1);
    startLoop();
    const [request] = await waitFor(() => (hooked.received.length > 0 ? hooked.received : null));
    if (!request) throw new Error('no request');

    const signature = String(request.headers['nocturne-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(secret, signature, request.body)).toBe(true);
    expect(verify(secret, signature, request.body.replace('completed', 'failed'))).toBe(false);
    expect(verify(`${secret}x`, signature, request.body)).toBe(false);
    const sentAt = Number(/t=(\d+)/.exec(signature)?.[1]);
    expect(verify(secret, signature, request.body, sentAt + 301)).toBe(false);

    expect(request.headers['content-type']).toBe('application/json');
    const event = webhookEventSchema.parse(JSON.parse(request.body));
    expect(request.headers['nocturne-event-id']).toBe(event.id);
    expect(event.type).toBe('generation.completed');
    // The generation as GET /generations/{id} shows it.
    expect(event.data.generation).toEqual(
      (await api('GET', `/generations/${generationId}`)).json(),
    );
    expect(event.data.generation.status).toBe('completed');
    // The receiver has its request before the sender has written down the answer.
    const recorded = await waitFor(async () => {
      const deliveries = await deliveriesOf(id);
      return deliveries[0]?.status === 'pending' ? null : deliveries;
    });
    expect(recorded).toEqual([
      {
        event_id: event.id,
        event: 'generation.completed',
        status: 'delivered',
        attempts: 1,
        created_at: expect.any(String),
        next_attempt_at: null,
        last_answer: { status: 200, error: null },
      },
    ]);
  });

  it('sends generation.failed and generation.cancelled, each only to the webhooks that asked', async () => {
    const all = await receiver();
    const completedOnly = await receiver();
    await addWebhook(all.url);
    await addWebhook(completedOnly.url, ['generation.completed']);
    const broken = fakeEngine(() => {
      throw new Error('the engine broke');
    });
    const [failedId] = await finishImages(1, broken, 1);
    const queued = await submitOneImage(ctx.database.db, alice.userId);
    expect((await api('POST', `/generations/${queued.id}/cancel`, {})).statusCode).toBe(200);
    startLoop();

    await waitFor(() => all.received.length === 2);
    await settle();
    const events = all.received.map(({ body }) => webhookEventSchema.parse(JSON.parse(body)));
    expect(events.map((event) => [event.type, event.data.generation.id]).sort()).toEqual(
      [
        ['generation.cancelled', queued.id],
        ['generation.failed', failedId],
      ].sort(),
    );
    const cancelled = events.find((event) => event.type === 'generation.cancelled');
    expect(cancelled?.data.generation).toMatchObject({ status: 'failed', error: CANCELLED_REASON });
    expect(completedOnly.received).toEqual([]);
  });

  it('retries a receiver that answers 500 twice: three attempts, the same event, then delivered', async () => {
    const flaky = await receiver((n) => ({ status: n < 2 ? 500 : 200 }));
    const { id } = await addWebhook(flaky.url);
    await finishImages(1);
    startLoop();

    await waitFor(() => flaky.received.length === 3);
    await settle();
    expect(flaky.received).toHaveLength(3);
    const [first, ...others] = flaky.received;
    for (const other of others) {
      expect(other.body).toBe(first?.body);
      expect(other.headers['nocturne-event-id']).toBe(first?.headers['nocturne-event-id']);
    }
    const [delivery] = await waitFor(async () => {
      const shown = await deliveriesOf(id);
      return shown[0]?.status === 'delivered' ? shown : null;
    });
    expect(delivery).toMatchObject({ attempts: 3, last_answer: { status: 200, error: null } });
  });

  it('gives a delivery up once its next attempt would pass the schedule’s limit', async () => {
    const down = await receiver(() => ({ status: 503 }));
    const { id } = await addWebhook(down.url);
    await finishImages(1);
    startLoop({
      schedule: exponentialRetrySchedule({ baseMs: 20, maxMs: 40, giveUpAfterMs: 150 }),
    });

    const [delivery] = await waitFor(async () => {
      const shown = await deliveriesOf(id);
      return shown[0]?.status === 'failed' ? shown : null;
    });
    expect(delivery).toMatchObject({
      next_attempt_at: null,
      last_answer: { status: 503, error: 'answered 503' },
    });
    expect(delivery?.attempts).toBe(down.received.length);
    await settle();
    expect(delivery?.attempts).toBe(down.received.length);
  });

  it('never sends a delivered event again: not after a restart, not with two loops on one database', async () => {
    const hooked = await receiver();
    await addWebhook(hooked.url);
    await finishImages(1);
    const first = startLoop();
    await waitFor(() => hooked.received.length === 1);
    await first.stop();
    startLoop();
    await settle();
    expect(hooked.received).toHaveLength(1);

    // Two loops on one database now: the restarted one and this one, taking two rows at a time.
    await finishImages(6);
    startLoop({ batchSize: 2 });
    await waitFor(() => hooked.received.length >= 7);
    await settle();
    const ids = hooked.received.map(({ headers }) => headers['nocturne-event-id']);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
  });

  it('refuses plain http and a private address without WEBHOOKS_ALLOW_PRIVATE, and every redirect', async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const plain = await addWebhook(target.url);
    const loopback = await addWebhook(target.url.replace('http:', 'https:'));
    const redirect = await addWebhook(redirecting.url);
    await finishImages(1);
    const strict = startLoop({ allowPrivate: false });
    const lastAnswer = async (id: string) => (await deliveriesOf(id))[0]?.last_answer ?? null;

    expect(await waitFor(() => lastAnswer(plain.id))).toEqual({
      status: null,
      error: 'URL refused: it must start with https://',
    });
    expect(await waitFor(() => lastAnswer(loopback.id))).toEqual({
      status: null,
      error: 'URL refused: it names a loopback address',
    });
    // The redirect's own URL is plain http: a loop that may reach it still refuses to follow.
    await strict.stop();
    for (const { id } of [plain, loopback]) await api('DELETE', `/webhooks/${id}`);
    startLoop({ allowPrivate: true });
    const redirected = async () => {
      const answer = await lastAnswer(redirect.id);
      return answer?.status === 302 ? answer : null;
    };
    expect(await waitFor(redirected)).toEqual({
      status: 302,
      error: 'redirect refused',
    });
    expect((await deliveriesOf(redirect.id))[0]?.status).toBe('pending');
    expect(redirecting.received.length).toBeGreaterThan(0);
    expect(target.received).toEqual([]);
  });

  it('enqueues in the transaction of the terminal state: a rolled-back cancel leaves no event', async () => {
    const { id } = await addWebhook('http://127.0.0.1:9/unused');
    const queued = await submitOneImage(ctx.database.db, alice.userId);
    const cancel = (unitOfWork: UnitOfWork) =>
      unitOfWork.transaction((tx, events) =>
        cancelGeneration({ db: tx, events, userId: alice.userId, id: queued.id }),
      );
    const rowsOf = () =>
      ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));

    await expect(cancel(unitOfWorkFailingOn(ctx.database.db, 'add'))).rejects.toThrow('injected');
    expect(await rowsOf()).toEqual([]);
    expect((await api('GET', `/generations/${queued.id}`)).json().status).toBe('queued');

    await cancel(silentUnitOfWork(ctx.database.db));
    expect((await rowsOf()).map((row) => row.eventType)).toEqual(['generation.cancelled']);
  });
});
