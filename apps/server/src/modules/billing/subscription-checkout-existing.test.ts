import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments } from './billing-tables';
import type { TestApp } from '../../../test/create-test-app';
import type { FakeNowPayments } from '../../../test/start-fake-nowpayments';
import {
  checkoutHelpers,
  DAY_MS,
  errorBody,
  resetFakeProvider,
  startCheckoutApp,
  type BuyerPool,
} from '../../../test/subscription-checkout-fixtures';

/** A buyer who already has a plan or a pending invoice: refused, renewed, upgraded or answered again. */
describe('POST /api/v1/subscriptions/create', () => {
  let ctx: TestApp;
  let fake: FakeNowPayments;
  let close: () => Promise<void>;
  let pool: BuyerPool;

  beforeAll(async () => {
    ({ ctx, pool, fake, close } = await startCheckoutApp());
  });
  afterAll(() => close());
  beforeEach(() => resetFakeProvider(fake));

  const newUser = () => pool.next();
  const { create, paymentsOf, subscriptionOf, setSubscription } = checkoutHelpers(() => ctx);

  it('answers 409 ALREADY_EXISTS to an active lifetime plan and a monthly plan with time left', async () => {
    const lifetime = await newUser();
    await setSubscription(lifetime.userId, { plan: 'lifetime', isLifetime: true });
    const monthly = await newUser();
    await setSubscription(monthly.userId, { expiresAt: new Date(Date.now() + 20 * DAY_MS) });
    for (const [buyer, plan] of [
      [lifetime, 'monthly'],
      [lifetime, 'lifetime'],
      [monthly, 'monthly'],
    ] as const) {
      const response = await create(buyer.token, { plan });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual(errorBody('ALREADY_EXISTS'));
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('renews a monthly plan expiring soon from its expiry, keeping it active', async () => {
    const buyer = await newUser();
    const expiresAt = new Date(Date.now() + 3 * DAY_MS);
    await setSubscription(buyer.userId, { expiresAt });
    const response = await create(buyer.token);
    expect(response.statusCode).toBe(200);
    const day = expiresAt.toISOString().slice(0, 10);
    expect(fake.requests[0]?.order_id).toMatch(new RegExp(`^sub:${buyer.userId}:monthly:${day}:`));
    const [row] = await paymentsOf(buyer.userId);
    expect(await subscriptionOf(buyer.userId)).toMatchObject({
      status: 'active',
      plan: 'monthly',
      expiresAt,
      pendingPaymentId: row?.id,
    });
  });

  it('lets an active monthly plan move to lifetime', async () => {
    const buyer = await newUser();
    await setSubscription(buyer.userId, { expiresAt: new Date(Date.now() + 20 * DAY_MS) });
    const response = await create(buyer.token, { plan: 'lifetime' });
    expect(response.statusCode).toBe(200);
    expect(fake.requests[0]?.price_amount).toBe(299);
    expect(await subscriptionOf(buyer.userId)).toMatchObject({ status: 'active', plan: 'monthly' });
  });

  it('answers a live pending invoice again instead of creating another', async () => {
    const buyer = await newUser();
    const first = (await create(buyer.token)).json<{ invoice_url: string }>();
    const again = await create(buyer.token, { plan: 'monthly' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ invoice_url: string }>().invoice_url).toBe(first.invoice_url);
    expect(fake.requests).toHaveLength(1);
    expect(await paymentsOf(buyer.userId)).toHaveLength(1);
  });

  it('points the plan back at the invoice answered again after switching plans', async () => {
    const buyer = await newUser();
    const monthly = (await create(buyer.token)).json<{ invoice_url: string }>();
    await create(buyer.token, { plan: 'lifetime' });
    expect(await subscriptionOf(buyer.userId)).toMatchObject({ plan: 'lifetime' });
    const again = (await create(buyer.token)).json<{ invoice_url: string }>();
    expect(again.invoice_url).toBe(monthly.invoice_url);
    expect(fake.requests).toHaveLength(2);
    const [row] = (await paymentsOf(buyer.userId)).filter((payment) => payment.plan === 'monthly');
    expect(await subscriptionOf(buyer.userId)).toMatchObject({
      plan: 'monthly',
      status: 'pending',
      pendingPaymentId: row?.id,
    });
  });

  it('creates a new invoice once the pending one is more than 24 h old', async () => {
    const buyer = await newUser();
    await create(buyer.token);
    await ctx.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(payments.userId, buyer.userId));
    await create(buyer.token);
    expect(fake.requests).toHaveLength(2);
    const rows = await paymentsOf(buyer.userId);
    expect(rows).toHaveLength(2);
    const newest = rows.find((row) => Date.now() - row.createdAt.getTime() < DAY_MS);
    expect((await subscriptionOf(buyer.userId))?.pendingPaymentId).toBe(newest?.id);
  });

  it('gives one invoice to two creates at once', async () => {
    const buyer = await newUser();
    fake.state.delayMs = 300;
    const [a, b] = await Promise.all([create(buyer.token), create(buyer.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json<{ invoice_url: string }>().invoice_url).toBe(
      b.json<{ invoice_url: string }>().invoice_url,
    );
    expect(fake.requests).toHaveLength(1);
    expect(await paymentsOf(buyer.userId)).toHaveLength(1);
  });
});
