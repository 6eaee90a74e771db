import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { checkoutResponseSchema } from '@nocturne/contract/subscriptions/create-subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../../db/auth-schema';
import { payments, subscriptions } from '../../db/payments-schema';
import { createBuyerPool } from '../../../test/checkout-buyers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { createFakeProvider } from '../../../test/payments-fixture';

const errorBody = (code: ErrorCode) => ({ error: code, message: ERROR_CATALOGUE[code].message });
const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/v1/subscriptions/create', () => {
  let ctx: TestApp;
  const fake = createFakeProvider();
  let pool: Awaited<ReturnType<typeof createBuyerPool>>;

  beforeAll(async () => {
    ctx = await createTestApp({
      paymentsClient: fake.client,
      rateLimits: { globalPerMinute: 10_000 },
    });
    pool = await createBuyerPool(ctx, { size: 3, prefix: 'buyer' });
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.state.down = false;
    fake.state.delayMs = 0;
  });

  const newUser = () => pool.next();
  const create = (token: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/create',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const paymentsOf = (userId: string) =>
    ctx.database.db.select().from(payments).where(eq(payments.userId, userId));
  const subscriptionOf = async (userId: string) =>
    (await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const setSubscription = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
    ctx.database.db
      .insert(subscriptions)
      .values({ userId, plan: 'monthly', status: 'active', ...values });

  it('creates a monthly invoice for an empty body: payment row, pending plan, exact request', async () => {
    const buyer = await newUser();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/create',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    const body = checkoutResponseSchema.parse(response.json());
    expect(body.message).toBe('Invoice created: one month of Premium for $29.00.');

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    const today = new Date().toISOString().slice(0, 10);
    expect(request).toEqual({
      price_amount: 29,
      price_currency: 'usd',
      order_id: expect.stringMatching(
        new RegExp(`^sub:${buyer.userId}:monthly:${today}:[0-9a-f]{8}$`),
      ) as unknown,
      order_description: 'Nocturne Premium — 1 month',
      ipn_callback_url: `${TEST_PUBLIC_URL}/api/v1/payments/nowpayments/ipn`,
      success_url: `${TEST_PUBLIC_URL}/success`,
      cancel_url: `${TEST_PUBLIC_URL}/failed-payment`,
      partially_paid_url: `${TEST_PUBLIC_URL}/failed-payment`,
      is_fixed_rate: true,
    });

    const [row] = await paymentsOf(buyer.userId);
    expect(row).toMatchObject({
      purpose: 'subscription',
      plan: 'monthly',
      orderId: request.order_id,
      priceAmount: '29.00',
      priceCurrency: 'usd',
      status: 'waiting',
      invoiceUrl: body.invoice_url,
    });
    expect(row?.invoiceId).toMatch(/^\d+$/);
    expect(await subscriptionOf(buyer.userId)).toMatchObject({
      plan: 'monthly',
      status: 'pending',
      isLifetime: false,
      expiresAt: null,
      pendingPaymentId: row?.id,
    });
  });

  it('prices the lifetime plan from the configuration', async () => {
    const buyer = await newUser();
    const response = await create(buyer.token, { plan: 'lifetime' });
    expect(response.statusCode).toBe(200);
    expect(fake.requests[0]).toMatchObject({
      price_amount: 299,
      order_description: 'Nocturne Premium — lifetime',
      order_id: expect.stringMatching(new RegExp(`^sub:${buyer.userId}:lifetime:`)) as unknown,
    });
    expect(await subscriptionOf(buyer.userId)).toMatchObject({
      plan: 'lifetime',
      status: 'pending',
    });
  });

  it('refuses an unverified email with 422 and the spec message, creating nothing', async () => {
    const buyer = await newUser();
    await ctx.database.db
      .update(user)
      .set({ emailVerified: false })
      .where(eq(user.id, buyer.userId));
    const response = await create(buyer.token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Please verify your email address before subscribing.',
    });
    expect(fake.requests).toHaveLength(0);
    expect(await paymentsOf(buyer.userId)).toHaveLength(0);
  });

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

  it('leaves nothing half-created when the provider is down: 503, no row, plan unchanged', async () => {
    fake.state.down = true;
    const fresh = await newUser();
    const response = await create(fresh.token);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: PRODUCT_ERRORS.PAYMENT_PROVIDER_UNAVAILABLE.message,
    });
    expect(await paymentsOf(fresh.userId)).toHaveLength(0);
    expect(await subscriptionOf(fresh.userId)).toBeUndefined();

    const cancelled = await newUser();
    await setSubscription(cancelled.userId, { status: 'cancelled' });
    const before = await subscriptionOf(cancelled.userId);
    expect((await create(cancelled.token, { plan: 'lifetime' })).statusCode).toBe(503);
    expect(await paymentsOf(cancelled.userId)).toHaveLength(0);
    expect(await subscriptionOf(cancelled.userId)).toMatchObject({
      plan: before?.plan,
      status: 'cancelled',
      pendingPaymentId: null,
    });
  });

  it('refuses a body with an unknown plan', async () => {
    const buyer = await newUser();
    const response = await create(buyer.token, { plan: 'weekly' });
    expect(response.statusCode).toBe(422);
    expect(fake.requests).toHaveLength(0);
  });
});
