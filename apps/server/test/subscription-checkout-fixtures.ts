import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { eq } from 'drizzle-orm';
import { payments } from '../src/modules/billing/billing-tables';
import { subscriptions } from '../src/modules/subscriptions/subscriptions-tables';
import { createBuyerPool } from './checkout-buyers';
import { createTestApp, type TestApp } from './create-test-app';
import { startFakeNowPayments, type FakeNowPayments } from './start-fake-nowpayments';

export const errorBody = (code: ErrorCode) => ({
  error: code,
  message: ERROR_CATALOGUE[code].message,
});
export const DAY_MS = 24 * 60 * 60 * 1000;

export type BuyerPool = Awaited<ReturnType<typeof createBuyerPool>>;

/**
 * The app on a fake NOWPayments (test/start-fake-nowpayments.ts), with a pool of three buyers
 * (test/checkout-buyers.ts); close() closes both.
 */
export async function startCheckoutApp() {
  const fake = await startFakeNowPayments();
  const ctx = await createTestApp({ env: { ...fake.env, RATE_LIMIT_PER_MINUTE: '10000' } });
  const pool = await createBuyerPool(ctx, { size: 3, prefix: 'buyer' });
  const close = async () => {
    await ctx.close();
    await fake.close();
  };
  return { ctx, pool, fake, close };
}

/** Each test starts with the provider up, answering at once, and no request recorded. */
export function resetFakeProvider(fake: FakeNowPayments) {
  fake.requests.length = 0;
  fake.state.down = false;
  fake.state.delayMs = 0;
}

/** POST /api/v1/subscriptions/create, and the buyer's payments and plan, on the app of `app()`. */
export function checkoutHelpers(app: () => TestApp) {
  const create = (token: string, payload?: object) =>
    app().app.inject({
      method: 'POST',
      url: '/api/v1/subscriptions/create',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const paymentsOf = (userId: string) =>
    app().database.db.select().from(payments).where(eq(payments.userId, userId));
  const subscriptionOf = async (userId: string) =>
    (
      await app().database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))
    )[0];
  const setSubscription = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
    app()
      .database.db.insert(subscriptions)
      .values({ userId, plan: 'monthly', status: 'active', ...values });
  return { create, paymentsOf, subscriptionOf, setSubscription };
}
