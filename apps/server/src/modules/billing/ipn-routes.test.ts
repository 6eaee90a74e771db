import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIpnDeliveries, paymentStatusEvents } from './billing-tables';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertTestUser } from '../../../test/insert-test-user';
import {
  capturePublished,
  insertTestPayment,
  ipnBodyFor,
  postIpn,
  readPayment,
  readSubscription,
} from '../../../test/payments-fixture';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';

describe('POST /api/v1/payments/nowpayments/ipn', () => {
  let ctx: TestApp;
  let secret: string;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    ctx = await createTestApp({ env: provider.env });
    secret = ctx.app.payments.config.ipnSecret;
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  const db = () => ctx.database.db;
  const outcomesOf = async (orderId: string) =>
    (
      await db()
        .select({
          outcome: paymentIpnDeliveries.outcome,
          valid: paymentIpnDeliveries.signatureValid,
        })
        .from(paymentIpnDeliveries)
        .where(eq(paymentIpnDeliveries.orderId, orderId))
    ).map((row) => `${row.valid ? '' : '!'}${row.outcome}`);

  async function pendingMonthly(status: 'creating' | 'waiting' = 'waiting') {
    const userId = await insertTestUser(db());
    return insertTestPayment(db(), { userId, status, pendingOnSubscription: true });
  }

  it('refuses a bad or missing signature with 401 and changes nothing but the audit trail', async () => {
    const order = await pendingMonthly();
    const body = ipnBodyFor(order, 'finished');
    provider.setPayment(body);
    const forged = await postIpn(ctx.app, body, 'not-the-secret');
    const unsigned = await postIpn(ctx.app, body, null);
    for (const response of [forged, unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: 'Invalid IPN signature' });
    }
    expect((await readPayment(db(), order.id)).status).toBe('waiting');
    expect((await readSubscription(db(), order.userId))?.status).toBe('pending');
    const claims = await db()
      .select()
      .from(paymentStatusEvents)
      .where(eq(paymentStatusEvents.paymentId, order.id));
    expect(claims).toHaveLength(0);
    expect(await outcomesOf(order.orderId)).toEqual(['!unverified', '!unverified']);
  });

  it('walks a full payment forward and activates the plan once', async () => {
    const order = await pendingMonthly('creating');
    const published = capturePublished(ctx.app);
    const finished = ipnBodyFor(order, 'finished');
    provider.setPayment(finished);
    for (const status of ['waiting', 'confirming', 'confirmed', 'sending'] as const) {
      const response = await postIpn(ctx.app, ipnBodyFor(order, status), secret);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    expect((await readSubscription(db(), order.userId))?.status).toBe('pending');
    expect((await postIpn(ctx.app, finished, secret)).statusCode).toBe(200);

    const payment = await readPayment(db(), order.id);
    expect(payment).toMatchObject({
      status: 'finished',
      providerPaymentId: String(finished.payment_id),
      payCurrency: 'eth',
      actuallyPaid: '0.0123',
    });
    const subscription = await readSubscription(db(), order.userId);
    expect(subscription).toMatchObject({
      status: 'active',
      isLifetime: false,
      pendingPaymentId: null,
    });
    const days = (subscription!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThanOrEqual(31);
    expect(payment.grantedPeriodEnd).toEqual(subscription!.expiresAt);
    expect(await hasPremiumAccess({ tx: db(), userId: order.userId })).toBe(true);
    expect(published.map((event) => event.event)).toEqual([
      'subscription.activated',
      'premium_activated',
    ]);
    expect(published[0]).toMatchObject({
      channel: `subscription:${order.userId}`,
      payload: { status: 'active' },
    });
    expect(await outcomesOf(order.orderId)).toEqual(Array(5).fill('applied'));
  });

  it('applies the same finished IPN delivered 5 times at once exactly once', async () => {
    const order = await pendingMonthly();
    const published = capturePublished(ctx.app);
    const body = ipnBodyFor(order, 'finished');
    provider.setPayment(body);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postIpn(ctx.app, body, secret)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
    expect(published.filter((event) => event.event === 'subscription.activated')).toHaveLength(1);
    expect((await outcomesOf(order.orderId)).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    const subscription = await readSubscription(db(), order.userId);
    const days = (subscription!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeLessThanOrEqual(31);
  });

  it('ignores confirming after finished (forward only)', async () => {
    const order = await pendingMonthly();
    const finished = ipnBodyFor(order, 'finished');
    provider.setPayment(finished);
    await postIpn(ctx.app, finished, secret);
    const late = await postIpn(ctx.app, ipnBodyFor(order, 'confirming'), secret);
    expect(late.statusCode).toBe(200);
    expect((await readPayment(db(), order.id)).status).toBe('finished');
    expect(await outcomesOf(order.orderId)).toEqual(['applied', 'stale']);
  });

  it.each([
    ['a wrong amount', { price_amount: 2.9 }, 'rejected:amount_mismatch'],
    ['a wrong currency', { price_currency: 'eur' }, 'rejected:currency_mismatch'],
    ['an unknown order id', { order_id: 'sub:someone-else:monthly' }, 'rejected:unknown_order'],
    ['another invoice', { invoice_id: 42 }, 'rejected:invoice_mismatch'],
  ])('grants nothing for %s', async (_name, overrides, outcome) => {
    const order = await pendingMonthly();
    const body = ipnBodyFor(order, 'finished', overrides);
    provider.setPayment(body);
    expect((await postIpn(ctx.app, body, secret)).statusCode).toBe(200);
    expect(await hasPremiumAccess({ tx: db(), userId: order.userId })).toBe(false);
    expect((await readPayment(db(), order.id)).grantedAt).toBeNull();
    const [delivery] = await db()
      .select()
      .from(paymentIpnDeliveries)
      .where(eq(paymentIpnDeliveries.providerPaymentId, String(body.payment_id)));
    expect(delivery?.outcome).toBe(outcome);
  });

  it('grants nothing for a finished the provider does not confirm, and applies it once it does', async () => {
    const order = await pendingMonthly();
    const body = ipnBodyFor(order, 'finished');
    provider.setPayment({ ...body, payment_status: 'confirming' });
    expect((await postIpn(ctx.app, body, secret)).statusCode).toBe(200);
    expect(await hasPremiumAccess({ tx: db(), userId: order.userId })).toBe(false);
    expect(await outcomesOf(order.orderId)).toEqual(['rejected:not_confirmed']);
    // Not claimed: the provider's retry applies it once the payment really finished.
    provider.setPayment(body);
    await postIpn(ctx.app, body, secret);
    expect(await hasPremiumAccess({ tx: db(), userId: order.userId })).toBe(true);
  });

  it('finds an order whose invoice is still being created (early IPN)', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), { userId, status: 'creating' });
    const response = await postIpn(ctx.app, ipnBodyFor(order, 'waiting'), secret);
    expect(response.statusCode).toBe(200);
    expect((await readPayment(db(), order.id)).status).toBe('waiting');
  });
});
