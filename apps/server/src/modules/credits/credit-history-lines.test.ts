import { getCreditHistoryResponseSchema } from '@nocturne/contract/credits/get-credit-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../billing/billing-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { ignoreEvents } from '../../../test/collect-events';
import { grantCredits } from './grant-credits';

/** Credit history reads as lines that say what they were for (issue 31 item 8, decision 054). */
describe('credit history lines', () => {
  let ctx: TestApp;
  let person: { token: string; userId: string };
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${person.token}` },
      payload,
    });
  const history = async (query = '') =>
    getCreditHistoryResponseSchema.parse((await call('GET', `/credits/history${query}`)).json());

  beforeAll(async () => {
    // No worker runs: the submits stay queued, so a cancel refunds them all at once.
    ctx = await createTestApp({ imageEngine: fakeEngine(() => new Promise(() => {})) });
    person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'lines@example.com');
    await giveCredits(ctx.database.db, person.userId, 10);
    const [payment] = await ctx.database.db
      .insert(payments)
      .values({
        userId: person.userId,
        purpose: 'credits',
        packageId: 'starter',
        credits: 50,
        orderId: `order-${person.userId}`,
        priceAmount: '4.99',
      })
      .returning();
    await grantCredits({
      tx: ctx.database.db,
      events: ignoreEvents,
      userId: person.userId,
      amount: 50,
      reason: 'topup',
      idempotencyKey: `payment:${payment?.id}`,
    });
  });
  afterAll(() => ctx.close());

  it('a batch of four is one debit line with its prompt; its cancel one refund line', async () => {
    const prompt = `a lighthouse at dusk ${'with gulls '.repeat(20)}`.trim();
    const batch = await call('POST', '/generate', { content_prompt: prompt, image_count: 4 });
    expect(batch.statusCode).toBe(200);
    const single = await call('POST', '/generate', { content_prompt: 'one owl' });
    expect(single.statusCode).toBe(200);
    const { requestId } = batch.json<{ requestId: string }>();
    expect((await call('POST', `/generations/${requestId}/cancel`)).statusCode).toBe(200);

    const { history: lines, total } = await history();
    expect(total).toBe(lines.length);
    const shape = lines.map((line) => ({
      reason: line.reason,
      amount: line.amount,
      image_count: line.image_count,
      prompt: line.prompt,
      package_id: line.package_id,
    }));
    expect(shape).toEqual([
      {
        reason: 'refund',
        amount: 4,
        image_count: 4,
        prompt: prompt.slice(0, 150),
        package_id: null,
      },
      { reason: 'generation', amount: -1, image_count: 1, prompt: 'one owl', package_id: null },
      {
        reason: 'generation',
        amount: -4,
        image_count: 4,
        prompt: prompt.slice(0, 150),
        package_id: null,
      },
      { reason: 'topup', amount: 50, image_count: 1, prompt: null, package_id: 'starter' },
      expect.objectContaining({ amount: 10, prompt: null, package_id: null }),
    ]);
    // The lines still add up to the balance, and pages of one line cover them all once.
    const { balance } = await readCreditLedger(ctx.database.db, person.userId);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(balance);
    const paged = [];
    for (let offset = 0; offset < total; offset += 2) {
      paged.push(...(await history(`?limit=2&offset=${offset}`)).history);
    }
    expect(paged.map((line) => line.id)).toEqual(lines.map((line) => line.id));
    // The batch's line names its first image.
    const rows = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/generations/${requestId}`,
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(lines[2]?.generation_id).toBe(rows.json<{ id: string }>().id);
  });

  it('orders lines by their summed amount', async () => {
    const { history: lines } = await history('?orderBy=amount&orderDirection=asc&limit=2');
    expect(lines.map((line) => line.amount)).toEqual([-4, -1]);
  });
});
