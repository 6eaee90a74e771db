import { getCreditPackagesResponseSchema } from '@nocturne/contract/credits/get-credit-packages';
import { topUpCreditsResponseSchema } from '@nocturne/contract/credits/top-up-credits';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../auth/auth-tables';
import { payments } from './billing-tables';
import { subscriptions } from '../subscriptions/subscriptions-tables';
import { createBuyerPool } from '../../../test/checkout-buyers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';

describe('credit packs: GET /api/v1/credits/packages and POST /api/v1/credits/topup', () => {
  let ctx: TestApp;
  let fake: FakeNowPayments;
  let pool: Awaited<ReturnType<typeof createBuyerPool>>;

  beforeAll(async () => {
    fake = await startFakeNowPayments();
    ctx = await createTestApp({
      env: {
        ...fake.env,
        RATE_LIMIT_PER_MINUTE: '10000',
        CREDIT_PACKAGES: 'small:50:4.99,big:500:29.99',
      },
    });
    pool = await createBuyerPool(ctx, { size: 2, prefix: 'packs' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.state.down = false;
  });

  const topUp = (token: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/credits/topup',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const paymentsOf = (userId: string) =>
    ctx.database.db.select().from(payments).where(eq(payments.userId, userId));

  it('lists the configured packs', async () => {
    const buyer = await pool.next();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/credits/packages',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(getCreditPackagesResponseSchema.parse(response.json())).toEqual({
      packages: [
        { package_id: 'small', credits: 50, price: 4.99, currency: 'usd' },
        { package_id: 'big', credits: 500, price: 29.99, currency: 'usd' },
      ],
    });
  });

  it('needs a token for both routes', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/credits/packages' })).statusCode,
    ).toBe(401);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/credits/topup',
      payload: { package_id: 'small' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('creates an invoice for a pack with the exact request and a payments row', async () => {
    const buyer = await pool.next();
    const response = await topUp(buyer.token, { package_id: 'big' });
    expect(response.statusCode).toBe(200);
    const body = topUpCreditsResponseSchema.parse(response.json());
    expect(body.message).toBe('Invoice created. Complete your payment to receive your credits.');
    expect(fake.requests).toEqual([
      {
        price_amount: 29.99,
        price_currency: 'usd',
        order_id: expect.stringMatching(
          new RegExp(`^pack:${buyer.userId}:big:[0-9a-f]{8}$`),
        ) as unknown,
        order_description: 'Nocturne — 500 credits',
        ipn_callback_url: `${TEST_PUBLIC_URL}/api/v1/payments/nowpayments/ipn`,
        success_url: `${TEST_PUBLIC_URL}/success?credits=500`,
        cancel_url: `${TEST_PUBLIC_URL}/failed-payment`,
        partially_paid_url: `${TEST_PUBLIC_URL}/failed-payment`,
        is_fixed_rate: true,
      },
    ]);
    expect(await paymentsOf(buyer.userId)).toEqual([
      expect.objectContaining({
        purpose: 'credits',
        plan: null,
        packageId: 'big',
        credits: 500,
        priceAmount: '29.99',
        status: 'waiting',
        invoiceUrl: body.invoice_url,
        orderId: fake.requests[0]?.order_id,
      }),
    ]);
    // A pack never touches the plan.
    expect(
      await ctx.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, buyer.userId)),
    ).toEqual([]);
  });

  it('answers an unpaid invoice for the same pack again', async () => {
    const buyer = await pool.next();
    const first = topUpCreditsResponseSchema.parse(
      (await topUp(buyer.token, { package_id: 'small' })).json(),
    );
    const second = topUpCreditsResponseSchema.parse(
      (await topUp(buyer.token, { package_id: 'small' })).json(),
    );
    expect(second.invoice_url).toBe(first.invoice_url);
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses an unknown pack with 404 NOT_FOUND, calling nobody', async () => {
    const buyer = await pool.next();
    const response = await topUp(buyer.token, { package_id: 'huge' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: ERROR_CATALOGUE.NOT_FOUND.message,
    });
    expect(fake.requests).toHaveLength(0);
    expect(await paymentsOf(buyer.userId)).toEqual([]);
  });

  it('refuses an unverified email with 422', async () => {
    const buyer = await pool.next();
    await ctx.database.db
      .update(user)
      .set({ emailVerified: false })
      .where(eq(user.id, buyer.userId));
    const response = await topUp(buyer.token, { package_id: 'small' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(fake.requests).toHaveLength(0);
  });

  it('lets a premium user buy a pack', async () => {
    const buyer = await pool.next();
    await ctx.database.db
      .insert(subscriptions)
      .values({ userId: buyer.userId, plan: 'lifetime', status: 'active', isLifetime: true });
    expect((await topUp(buyer.token, { package_id: 'small' })).statusCode).toBe(200);
  });

  it('leaves no payments row when the provider is down: 503', async () => {
    const buyer = await pool.next();
    fake.state.down = true;
    const response = await topUp(buyer.token, { package_id: 'small' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: PRODUCT_ERRORS.PAYMENT_PROVIDER_UNAVAILABLE.message,
    });
    expect(await paymentsOf(buyer.userId)).toEqual([]);
  });
});
