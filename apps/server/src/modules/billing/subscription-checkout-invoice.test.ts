import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { checkoutResponseSchema } from '@nocturne/contract/subscriptions/create-subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { user } from '../auth/auth-tables';
import { TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import type { FakeNowPayments } from '../../../test/start-fake-nowpayments';
import {
  checkoutHelpers,
  resetFakeProvider,
  startCheckoutApp,
  type BuyerPool,
} from '../../../test/subscription-checkout-fixtures';

/** A first invoice for each plan, and the refusals and failures that create none. */
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
