import { getCreditsResponseSchema } from '@nocturne/contract/credits/get-credits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../generations/generations-tables';
import { subscriptions } from './subscriptions-tables';
import { createBuyerPool } from '../../../test/checkout-buyers';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §6: premium follows the subscription row alone, wherever it matters. */
describe('premium derived from the subscription', () => {
  let ctx: TestApp;
  let pool: Awaited<ReturnType<typeof createBuyerPool>>;

  beforeAll(async () => {
    ctx = await createTestApp({
      imageEngine: fakeEngine(() => TINY_PNG),
      env: { RATE_LIMIT_PER_MINUTE: '10000' },
    });
    pool = await createBuyerPool(ctx, { size: 3, prefix: 'premium' });
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const setSubscription = (userId: string, values: Partial<typeof subscriptions.$inferInsert>) =>
    ctx.database.db
      .insert(subscriptions)
      .values({ userId, plan: 'monthly', status: 'active', ...values });

  it('GET /credits says premium for an active monthly plan, even with no credit account', async () => {
    const buyer = await pool.next();
    await setSubscription(buyer.userId, { expiresAt: new Date(Date.now() + 10 * DAY_MS) });
    const response = await call('GET', '/credits', buyer.token);
    expect(response.statusCode).toBe(200);
    expect(getCreditsResponseSchema.parse(response.json())).toMatchObject({
      user_type: 'premium',
      is_premium: true,
      can_request_credits: false,
    });
  });

  it('stops premium once a monthly plan is past its expiry, before anything expires it', async () => {
    const buyer = await pool.next();
    await setSubscription(buyer.userId, { expiresAt: new Date(Date.now() - 1000) });
    expect((await call('GET', '/credits', buyer.token)).statusCode).toBe(404);

    await giveCredits(ctx.database.db, buyer.userId, 3);
    const response = await call('GET', '/credits', buyer.token);
    expect(response.json()).toMatchObject({ user_type: 'standard', is_premium: false, balance: 3 });
  });

  it.each(['pending', 'cancelled', 'expired'] as const)(
    'a %s plan is not premium',
    async (status) => {
      const buyer = await pool.next();
      await setSubscription(buyer.userId, {
        status,
        expiresAt: new Date(Date.now() + 10 * DAY_MS),
      });
      await giveCredits(ctx.database.db, buyer.userId, 1);
      expect((await call('GET', '/credits', buyer.token)).json()).toMatchObject({
        is_premium: false,
      });
    },
  );

  it("a premium user's generation is free and served first (priority 1)", async () => {
    const buyer = await pool.next();
    await setSubscription(buyer.userId, { plan: 'lifetime', isLifetime: true });
    const response = await call('POST', '/generate', buyer.token, {
      source_prompt: '',
      content_prompt: 'a quiet harbour at night',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ priority: generations.priority })
      .from(generations)
      .where(eq(generations.userId, buyer.userId));
    expect(row?.priority).toBe(1);
    const ledger = await readCreditLedger(ctx.database.db, buyer.userId);
    expect(ledger.entries.filter((entry) => entry.amount < 0)).toEqual([]);
  });

  it('a monthly plan submits free while it runs and pays once past its expiry (time read per call)', async () => {
    const buyer = await pool.next();
    await giveCredits(ctx.database.db, buyer.userId, 2);
    const before = (await readCreditLedger(ctx.database.db, buyer.userId)).balance ?? 0;
    await setSubscription(buyer.userId, { expiresAt: new Date(Date.now() + 10 * DAY_MS) });
    const submit = (prompt: string) =>
      call('POST', '/generate', buyer.token, { source_prompt: '', content_prompt: prompt });
    expect((await submit('a lighthouse in fog')).statusCode).toBe(200);
    // The same prepared submit statement, now that the plan ran out a moment ago.
    await ctx.database.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, buyer.userId));
    expect((await submit('a lighthouse at dawn')).statusCode).toBe(200);
    const rows = await ctx.database.db
      .select({ prompt: generations.contentPrompt, priority: generations.priority })
      .from(generations)
      .where(eq(generations.userId, buyer.userId));
    expect(rows.sort((left, right) => left.prompt.localeCompare(right.prompt))).toEqual([
      { prompt: 'a lighthouse at dawn', priority: 0 },
      { prompt: 'a lighthouse in fog', priority: 1 },
    ]);
    expect((await readCreditLedger(ctx.database.db, buyer.userId)).balance).toBe(before - 1);
  });

  it('a free user with the same prompt pays and waits at priority 0', async () => {
    const buyer = await pool.next();
    await giveCredits(ctx.database.db, buyer.userId, 2);
    const before = (await readCreditLedger(ctx.database.db, buyer.userId)).balance ?? 0;
    const response = await call('POST', '/generate', buyer.token, {
      source_prompt: '',
      content_prompt: 'a quiet harbour at night',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ priority: generations.priority })
      .from(generations)
      .where(eq(generations.userId, buyer.userId));
    expect(row?.priority).toBe(0);
    expect((await readCreditLedger(ctx.database.db, buyer.userId)).balance).toBe(before - 1);
  });
});
