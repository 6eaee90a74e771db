import { eq } from 'drizzle-orm';
import { channels } from '@nocturne/contract/realtime/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../billing/billing-tables';
import {
  apiCall,
  auditRowsAbout,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { insertTestUser } from '../../../../test/insert-test-user';
import {
  capturePublished,
  insertTestPayment,
  ipnBodyFor,
  postIpn,
  readSubscription,
} from '../../../../test/payments-fixture';
import {
  startFakeNowPayments,
  type FakeNowPayments,
} from '../../../../test/start-fake-nowpayments';
import { paymentUpdates } from '../../process-metrics/process-metrics';
import { hasPremiumAccess } from '../../subscriptions/has-premium-access';

describe('POST /api/v1/admin/users/{id}/plan', () => {
  let admin: AdminTestContext;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    admin = await createAdminTestContext({ env: provider.env });
  });
  afterAll(async () => {
    await admin.ctx.close();
    await provider.close();
  });

  const db = () => admin.ctx.database.db;
  const grant = (userId: string, body: object) =>
    apiCall(admin.ctx, admin.operator.token, 'POST', `/admin/users/${userId}/plan`, body);
  const paymentsOf = (userId: string) =>
    db().select().from(payments).where(eq(payments.userId, userId));

  it('grants a monthly plan as a finished payment would: premium, events, a payment row and an audit row', async () => {
    const userId = await insertTestUser(db());
    const published = capturePublished(admin.ctx.app);
    const manualUpdates = async () =>
      (await paymentUpdates.get()).values.find(
        (value) => value.labels.source === 'manual' && value.labels.status === 'finished',
      )?.value ?? 0;
    const counted = await manualUpdates();
    const body = { plan: 'monthly', reason: 'paid to an expired invoice', reference: 'np-5551' };
    const response = await grant(userId, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      granted: true,
      userId,
      plan: 'monthly',
      subscription: { plan: 'monthly', status: 'active', isLifetime: false },
    });
    expect(await hasPremiumAccess({ tx: db(), userId })).toBe(true);
    const [row] = await paymentsOf(userId);
    expect(row).toMatchObject({
      id: answer.paymentId,
      orderId: 'manual:np-5551',
      status: 'finished',
      priceAmount: admin.ctx.app.payments.config.monthlyPriceUsd.toFixed(2),
    });
    expect(row!.grantedPeriodEnd?.toISOString()).toBe(answer.subscription.expiresAt);
    expect(published.map((event) => [event.channel, event.event])).toEqual([
      [channels.subscription(userId), 'subscription.activated'],
      [channels.credits(userId), 'premium_activated'],
    ]);
    expect(await manualUpdates()).toBe(counted + 1);
    const [audit] = await auditRowsAbout(admin.ctx, userId);
    expect(audit).toMatchObject({
      action: 'plan_grant',
      reason: 'paid to an expired invoice',
      before: { subscription: null },
      after: {
        subscription: answer.subscription,
        plan: 'monthly',
        reference: 'np-5551',
        paymentId: answer.paymentId,
      },
    });
    const listed = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      '/admin/payments?q=np-5551',
    );
    expect(listed.json().payments).toMatchObject([{ id: answer.paymentId, manual: true }]);
  });

  it('grants nothing for a reference used before, and says so', async () => {
    const userId = await insertTestUser(db());
    const body = { plan: 'lifetime', reason: 'proven by the provider', reference: 'np-777' };
    const first = (await grant(userId, body)).json();
    const again = await grant(userId, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, granted: false });
    const someoneElse = await insertTestUser(db());
    expect((await grant(someoneElse, body)).json()).toMatchObject({ granted: false, userId });
    expect(await hasPremiumAccess({ tx: db(), userId: someoneElse })).toBe(false);
    expect(await paymentsOf(userId)).toHaveLength(1);
    expect(await paymentsOf(someoneElse)).toHaveLength(0);
    expect(await auditRowsAbout(admin.ctx, userId)).toHaveLength(1);
  });

  it('three concurrent grants with one reference grant one month, once', async () => {
    const userId = await insertTestUser(db());
    const body = { plan: 'monthly', reason: 'proven twice by mistake', reference: 'np-race' };
    const answers = await Promise.all([1, 2, 3].map(() => grant(userId, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().granted)).toHaveLength(1);
    const [row] = await paymentsOf(userId);
    const subscription = await readSubscription(db(), userId);
    expect(subscription?.expiresAt).toEqual(row!.grantedPeriodEnd);
    const month = subscription!.expiresAt!.getTime() - row!.grantedAt!.getTime();
    expect(month / 86_400_000).toBeLessThanOrEqual(31);
    expect(await paymentsOf(userId)).toHaveLength(1);
    expect(await auditRowsAbout(admin.ctx, userId)).toHaveLength(1);
  });

  it('claims the provider payment it names: a late IPN of it grants nothing again, and a payment that already granted is refused', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), { userId, status: 'partially_paid' });
    const body = { plan: 'monthly', reason: 'topped up by mail', reference: '4400' };
    expect((await grant(userId, body)).json().granted).toBe(true);
    const period = (await readSubscription(db(), userId))?.expiresAt;
    const ipn = ipnBodyFor(order, 'finished', { payment_id: 4400 });
    provider.setPayment(ipn);
    const late = await postIpn(admin.ctx.app, ipn, admin.ctx.app.payments.config.ipnSecret);
    expect(late.statusCode).toBe(200);
    expect((await readSubscription(db(), userId))?.expiresAt).toEqual(period);

    const paid = await insertTestPayment(db(), { userId, status: 'waiting' });
    const paidIpn = ipnBodyFor(paid, 'finished', { payment_id: 4401 });
    provider.setPayment(paidIpn);
    await postIpn(admin.ctx.app, paidIpn, admin.ctx.app.payments.config.ipnSecret);
    const longer = (await readSubscription(db(), userId))?.expiresAt;
    const refused = await grant(userId, { ...body, reference: '4401' });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'PAYMENT_ALREADY_GRANTED']);
    expect((await readSubscription(db(), userId))?.expiresAt).toEqual(longer);
    expect((await paymentsOf(userId)).filter((row) => row.orderId === 'manual:4401')).toEqual([]);
    expect(await auditRowsAbout(admin.ctx, userId)).toHaveLength(1);
  });

  it('refuses bad input and unknown people with the catalogue codes', async () => {
    const userId = await insertTestUser(db());
    for (const body of [
      { plan: 'weekly', reason: 'why not', reference: 'abc-1' },
      { plan: 'monthly', reason: 'no', reference: 'abc-1' },
      { plan: 'monthly', reason: 'a reason', reference: 'has spaces' },
    ]) {
      const response = await grant(userId, body);
      expect([response.statusCode, response.json().error]).toEqual([422, 'VALIDATION_ERROR']);
    }
    const missing = await grant('nobody', {
      plan: 'monthly',
      reason: 'a reason',
      reference: 'r-1',
    });
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'NOT_FOUND']);
    expect(await paymentsOf(userId)).toEqual([]);
  });
});
