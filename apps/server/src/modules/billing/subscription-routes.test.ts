import { channels } from '@nocturne/contract/realtime/channels';
import { getActiveSubscriptionResponseSchema } from '@nocturne/contract/subscriptions/get-active-subscription';
import { subscriptionPriceResponseSchema } from '@nocturne/contract/subscriptions/get-subscription-price';
import { subscriptionStatusResponseSchema } from '@nocturne/contract/subscriptions/get-subscription-status';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payments } from './billing-tables';
import { subscriptions } from '../subscriptions/subscriptions-tables';
import { createBuyerPool } from '../../../test/checkout-buyers';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('GET /api/v1/subscriptions/status, /price and /active', () => {
  let ctx: TestApp;
  let fake: FakeNowPayments;
  let pool: Awaited<ReturnType<typeof createBuyerPool>>;

  beforeAll(async () => {
    fake = await startFakeNowPayments();
    ctx = await createTestApp({
      env: {
        ...fake.env,
        RATE_LIMIT_PER_MINUTE: '10000',
        PREMIUM_MONTHLY_PRICE_USD: '31',
        PREMIUM_LIFETIME_PRICE_USD: '349',
        SUPPORT_EMAIL: 'help@nocturne.example',
      },
    });
    pool = await createBuyerPool(ctx, { size: 2, prefix: 'status' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string, token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const status = async (token: string) => {
    const response = await get('/subscriptions/status', token);
    expect(response.statusCode).toBe(200);
    return subscriptionStatusResponseSchema.parse(response.json());
  };
  const setSubscription = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
    ctx.database.db
      .insert(subscriptions)
      .values({ userId, plan: 'monthly', status: 'active', ...values });

  it.each(['/subscriptions/status', '/subscriptions/price', '/subscriptions/active'])(
    '%s without a token is 401',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });
      expect(response.statusCode).toBe(401);
    },
  );

  it('answers has_subscription false without a plan', async () => {
    const buyer = await pool.next();
    expect(await get('/subscriptions/status', buyer.token).then((r) => r.json())).toEqual({
      has_subscription: false,
    });
  });

  it('shows a pending plan with the invoice to pay, and drops the link once it is paid', async () => {
    const buyer = await pool.next();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/create',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { plan: 'monthly' },
    });
    const { invoice_url } = created.json<{ invoice_url: string }>();
    expect(await status(buyer.token)).toEqual({
      has_subscription: true,
      status: 'pending',
      plan: 'monthly',
      is_lifetime: false,
      expires_at: null,
      invoice_url,
      ever_paid: false,
    });

    await ctx.database.db
      .update(payments)
      .set({ status: 'finished' })
      .where(eq(payments.userId, buyer.userId));
    expect(await status(buyer.token)).not.toHaveProperty('invoice_url');
  });

  it('shows an active lifetime plan and an active monthly plan with its expiry', async () => {
    const lifetime = await pool.next();
    const activatedAt = new Date();
    await setSubscription(lifetime.userId, { plan: 'lifetime', isLifetime: true, activatedAt });
    expect(await status(lifetime.token)).toEqual({
      has_subscription: true,
      status: 'active',
      plan: 'lifetime',
      is_lifetime: true,
      expires_at: null,
      ever_paid: true,
    });

    const monthly = await pool.next();
    const expiresAt = new Date(Date.now() + 12 * DAY_MS);
    await setSubscription(monthly.userId, { expiresAt, activatedAt });
    expect(await status(monthly.token)).toEqual({
      has_subscription: true,
      status: 'active',
      plan: 'monthly',
      is_lifetime: false,
      expires_at: expiresAt.toISOString(),
      ever_paid: true,
    });
  });

  it('tells a lapsed first invoice (never paid) from a paid plan that ran out', async () => {
    const lapsed = await pool.next();
    await setSubscription(lapsed.userId, { status: 'expired' });
    expect(await status(lapsed.token)).toMatchObject({ status: 'expired', ever_paid: false });

    const ranOut = await pool.next();
    const expiresAt = new Date(Date.now() - DAY_MS);
    await setSubscription(ranOut.userId, {
      status: 'expired',
      expiresAt,
      activatedAt: new Date(Date.now() - 31 * DAY_MS),
    });
    expect(await status(ranOut.token)).toMatchObject({ status: 'expired', ever_paid: true });
  });

  it('answers the configured prices and support address', async () => {
    const buyer = await pool.next();
    const response = await get('/subscriptions/price', buyer.token);
    expect(response.statusCode).toBe(200);
    expect(subscriptionPriceResponseSchema.parse(response.json())).toEqual({
      nowpayments: 31,
      lifetime: 349,
      currency: 'usd',
      support_email: 'help@nocturne.example',
    });
  });

  it('reports a lapsed monthly plan as expired exactly once, with its events', async () => {
    const buyer = await pool.next();
    await setSubscription(buyer.userId, { expiresAt: new Date(Date.now() - 60_000) });
    const publish = vi.spyOn(ctx.app.realtime, 'publish');

    const first = await get('/subscriptions/active', buyer.token);
    expect(first.statusCode).toBe(200);
    expect(getActiveSubscriptionResponseSchema.parse(first.json())).toEqual({ was_expired: true });
    expect(await status(buyer.token)).toMatchObject({ status: 'expired' });
    const published = publish.mock.calls.map(([message]) => message);
    expect(published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: channels.subscription(buyer.userId),
          event: 'subscription.expired',
        }),
        expect.objectContaining({
          channel: channels.credits(buyer.userId),
          event: 'premium_expired',
        }),
      ]),
    );

    const second = await get('/subscriptions/active', buyer.token);
    expect(second.json()).toEqual({ was_expired: false });
  });

  it('answers was_expired false for a plan with time left, a lifetime plan and no plan', async () => {
    const monthly = await pool.next();
    await setSubscription(monthly.userId, { expiresAt: new Date(Date.now() + DAY_MS) });
    expect((await get('/subscriptions/active', monthly.token)).json()).toEqual({
      was_expired: false,
    });
    expect(await status(monthly.token)).toMatchObject({ status: 'active' });

    const lifetime = await pool.next();
    const activatedAt = new Date();
    await setSubscription(lifetime.userId, { plan: 'lifetime', isLifetime: true, activatedAt });
    expect((await get('/subscriptions/active', lifetime.token)).json()).toEqual({
      was_expired: false,
    });

    const none = await pool.next();
    expect((await get('/subscriptions/active', none.token)).json()).toEqual({ was_expired: false });
  });
});
