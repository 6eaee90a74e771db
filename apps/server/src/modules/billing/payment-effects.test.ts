import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../subscriptions/subscriptions-tables';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertTestUser } from '../../../test/insert-test-user';
import {
  capturePublished,
  insertTestPayment,
  ipnBodyFor,
  postIpn,
  readPayment,
  readSubscription,
  type TestOrder,
} from '../../../test/payments-fixture';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { applyCreditChange } from '../credits/apply-credit-change';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import type { PaymentStatus } from './nowpayments-wire';

describe('what a payment grants and takes back', () => {
  let ctx: TestApp;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    ctx = await createTestApp({ env: provider.env });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  const db = () => ctx.database.db;
  const send = async (order: TestOrder, status: PaymentStatus) => {
    const body = ipnBodyFor(order, status);
    if (status === 'finished') provider.setPayment(body);
    const response = await postIpn(ctx.app, body, ctx.app.payments.config.ipnSecret);
    expect(response.statusCode).toBe(200);
  };
  const premium = (userId: string) => hasPremiumAccess({ tx: db(), userId });

  it('lifetime: active with no expiry; refunded: cancelled', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      plan: 'lifetime',
      priceAmount: '299.00',
      pendingOnSubscription: true,
    });
    await send(order, 'finished');
    expect(await readSubscription(db(), userId)).toMatchObject({
      plan: 'lifetime',
      status: 'active',
      isLifetime: true,
      expiresAt: null,
    });
    const published = capturePublished(ctx.app);
    await send(order, 'refunded');
    expect(await readSubscription(db(), userId)).toMatchObject({
      status: 'cancelled',
      isLifetime: false,
    });
    expect(await premium(userId)).toBe(false);
    expect((await readPayment(db(), order.id)).revokedAt).not.toBeNull();
    expect(published.map((event) => event.event)).toEqual([
      'subscription.cancelled',
      'premium_cancelled',
    ]);
  });

  it('monthly renewal extends from the current expiry by a calendar month; refunded takes it back', async () => {
    const userId = await insertTestUser(db());
    const current = new Date('2099-01-31T12:00:00Z');
    await db().insert(subscriptions).values({
      userId,
      plan: 'monthly',
      status: 'active',
      expiresAt: current,
      activatedAt: new Date(),
    });
    const order = await insertTestPayment(db(), { userId, pendingOnSubscription: true });
    await send(order, 'finished');
    const extended = await readSubscription(db(), userId);
    expect(extended?.expiresAt).toEqual(new Date('2099-02-28T12:00:00Z'));
    expect(extended?.pendingPaymentId).toBeNull();
    await send(order, 'refunded');
    const refunded = await readSubscription(db(), userId);
    expect(refunded).toMatchObject({
      status: 'active',
      expiresAt: new Date('2099-01-28T12:00:00Z'),
    });
  });

  it('refunding the only month expires the plan', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), { userId, pendingOnSubscription: true });
    await send(order, 'finished');
    expect(await premium(userId)).toBe(true);
    const published = capturePublished(ctx.app);
    await send(order, 'refunded');
    expect((await readSubscription(db(), userId))?.status).toBe('expired');
    expect(await premium(userId)).toBe(false);
    expect(published.map((event) => event.event)).toEqual([
      'subscription.expired',
      'premium_expired',
    ]);
  });

  it('grants a credit pack once (one topup row) and a refund takes back only unspent credits', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), { userId, purpose: 'credits', credits: 200 });
    await send(order, 'finished');
    await send(order, 'finished');
    const granted = await readCreditLedger(db(), userId);
    expect(granted.entries.filter((entry) => entry.reason === 'topup')).toHaveLength(1);
    expect(granted.balance).toBe(200);
    expect(await premium(userId)).toBe(false);

    await ctx.app.unitOfWork.transaction((tx, events) =>
      applyCreditChange({
        tx,
        events,
        userId,
        amount: -150,
        reason: 'adjustment',
        idempotencyKey: `spend:${userId}`,
      }),
    );
    await send(order, 'refunded');
    const after = await readCreditLedger(db(), userId);
    expect(after.balance).toBe(0);
    expect(after.ledgerSum).toBe(0);
    const refundKey = `payment:${order.id}:refund`;
    expect(after.entries.filter((entry) => entry.idempotencyKey === refundKey)).toMatchObject([
      { amount: -50, reason: 'adjustment' },
    ]);
  });

  it('partially_paid cancels a pending plan; a finished top-up of the same invoice then activates it', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), { userId, pendingOnSubscription: true });
    const published = capturePublished(ctx.app);
    await send(order, 'partially_paid');
    expect(await readSubscription(db(), userId)).toMatchObject({
      status: 'cancelled',
      pendingPaymentId: null,
    });
    expect(published.map((event) => event.event)).toEqual([
      'subscription.cancelled',
      'premium_cancelled',
    ]);
    await send(order, 'finished');
    expect((await readSubscription(db(), userId))?.status).toBe('active');
  });

  it('a failed renewal leaves an active plan active', async () => {
    const userId = await insertTestUser(db());
    const expiresAt = new Date(Date.now() + 5 * 86_400_000);
    await db()
      .insert(subscriptions)
      .values({ userId, plan: 'monthly', status: 'active', expiresAt, activatedAt: new Date() });
    const order = await insertTestPayment(db(), { userId, pendingOnSubscription: true });
    await send(order, 'failed');
    expect(await readSubscription(db(), userId)).toMatchObject({
      status: 'active',
      expiresAt,
      pendingPaymentId: null,
    });
  });

  it('an expired invoice expires the plan that was pending on it', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), { userId, pendingOnSubscription: true });
    const published = capturePublished(ctx.app);
    await send(order, 'expired');
    expect(await readSubscription(db(), userId)).toMatchObject({
      status: 'expired',
      pendingPaymentId: null,
    });
    expect(published.map((event) => event.event)).toEqual(['subscription.expired']);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(row?.expiresAt).toBeNull();
  });
});
