import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODEL_ID } from '../../../test/test-models';
import { payments } from '../billing/billing-tables';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { submitOneImage } from '../../../test/generation-request';
import { giveCredits } from '../../../test/generation-worker-harness';
import { insertTestUser } from '../../../test/insert-test-user';
import { insertTestPayment } from '../../../test/payments-fixture';
import { parsePrometheusText, scrapeMetrics } from '../../../test/prometheus-text';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics', () => {
  let ctx: TestApp;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  const get = (headers: Record<string, string> = {}) => fetch(`${url}/metrics`, { headers });

  it('does not exist when METRICS_TOKEN is not set', async () => {
    const bare = await createTestApp({ database: ctx.database });
    try {
      const bareUrl = await bare.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${bareUrl}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-for-tests-0123456780' }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token in another scheme', { authorization: `Basic ${TOKEN}` }],
    ['the bare token', { authorization: TOKEN }],
  ])('answers 401 METRICS_TOKEN_REQUIRED to %s', async (_label, headers) => {
    const response = await get(headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('METRICS_TOKEN_REQUIRED');
    expect(body.message).toMatch(/metrics token is needed/);
    expect(body.message).not.toMatch(/session/i);
  });

  it("serves Nocturne's metrics and the standard process metrics in the text format", async () => {
    const response = await get({ authorization: `bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    // Behind the global per-address limit and the security headers, as every route is.
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(ctx.env.RATE_LIMIT_PER_MINUTE));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const metrics = parsePrometheusText(await response.text());
    expect(Object.fromEntries(metrics.types)).toMatchObject({
      nocturne_http_request_duration_seconds: 'histogram',
      nocturne_generation_queue_depth: 'gauge',
      nocturne_generation_queue_wait_seconds: 'histogram',
      nocturne_generation_job_duration_seconds: 'histogram',
      nocturne_generation_failures_total: 'counter',
      nocturne_credits_granted_total: 'counter',
      nocturne_payment_updates_total: 'counter',
      nocturne_realtime_connections: 'gauge',
      nocturne_payments_reconcile_backlog: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
    });
  });

  it('times requests by route pattern and status class, never by the raw URL', async () => {
    const labels = { method: 'GET', route: '/health', status_class: '2xx' };
    const count = 'nocturne_http_request_duration_seconds_count';
    const before = (await scrapeMetrics(url, TOKEN)).value(count, labels);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const id = randomUUID();
    await fetch(`${url}/api/v1/generations/${id}`);
    const after = await scrapeMetrics(url, TOKEN);
    expect(after.value(count, labels)).toBe(before + 1);
    expect(
      after.value(count, { route: '/api/v1/generations/:id', status_class: '4xx' }),
    ).toBeGreaterThan(0);
    expect(after.samples.some((sample) => JSON.stringify(sample.labels).includes(id))).toBe(false);
  });

  it('reads queue depth and wait, and the reconcile backlog, from the database at scrape time', async () => {
    const db = ctx.database.db;
    const userId = await insertTestUser(db);
    await giveCredits(db, userId, 5);
    const model = { model: TEST_MODEL_ID };
    const base = await scrapeMetrics(url, TOKEN);
    const job = await submitOneImage(db, userId);
    await submitOneImage(db, userId);
    await db.execute(
      sql`update generations set created_at = now() - interval '90 seconds' where id = ${job.id}`,
    );
    const order = await insertTestPayment(db, { userId, providerPaymentId: `pay-${userId}` });
    await db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(payments.id, order.id));
    const now = await scrapeMetrics(url, TOKEN);
    expect(now.value('nocturne_generation_queue_depth', model)).toBe(
      base.value('nocturne_generation_queue_depth', model) + 2,
    );
    expect(now.value('nocturne_generation_queue_oldest_seconds', model)).toBeGreaterThanOrEqual(90);
    expect(now.value('nocturne_payments_reconcile_backlog')).toBe(
      base.value('nocturne_payments_reconcile_backlog') + 1,
    );
    expect(now.value('nocturne_payments_reconcile_oldest_seconds')).toBeGreaterThanOrEqual(600);
  });
});
