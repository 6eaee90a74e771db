import { DAILY_CREDITS } from '@nocturne/contract/constants';
import {
  CREDIT_HISTORY_MAX_LIMIT,
  getCreditHistoryResponseSchema,
} from '@nocturne/contract/credits/get-credit-history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/create-test-app';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { debitCredits } from './debit-credits';
import { grantCredits } from './grant-credits';
import { ignoreEvents } from '../../../test/collect-events';
import { creditsCall, startCreditsApp } from '../../../test/credit-routes-fixtures';

describe('credits API (/api/v1/credits)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const call = creditsCall(() => ctx);

  beforeAll(async () => {
    ({ ctx, alice, bob } = await startCreditsApp());
    // Where the claim tests (credit-claim-routes.test) leave them: alice claimed her daily credits
    // and spent them all, bob claimed his.
    for (const person of [alice, bob]) {
      const claim = await call('POST', '/credits/request-daily', person.token);
      expect(claim.statusCode).toBe(200);
    }
    await debitCredits({
      events: ignoreEvents,
      tx: ctx.database.db,
      userId: alice.userId,
      amount: DAILY_CREDITS,
      generationId: `${alice.userId}:drain`,
    });
  });
  afterAll(() => ctx.close());

  describe('GET /credits/history', () => {
    const ENTRIES = 25;
    beforeAll(async () => {
      // Alice so far: +10 daily grant, -10 debit. Add grants of 1..12 and 11 debits of 1.
      const db = ctx.database.db;
      for (let index = 1; index <= 12; index += 1) {
        await grantCredits({
          events: ignoreEvents,
          tx: db,
          userId: alice.userId,
          amount: index,
          reason: 'adjustment',
          idempotencyKey: `history:${alice.userId}:${index}`,
        });
      }
      for (let index = 1; index <= 11; index += 1) {
        await debitCredits({
          events: ignoreEvents,
          tx: db,
          userId: alice.userId,
          generationId: `${alice.userId}:h${index}`,
        });
      }
    });

    const history = async (query: string, token = alice.token) => {
      const response = await call('GET', `/credits/history${query}`, token);
      expect(response.statusCode).toBe(200);
      return getCreditHistoryResponseSchema.parse(response.json());
    };

    it('pages newest first by default, 20 per page, with the total', async () => {
      const first = await history('');
      const second = await history('?offset=20');
      expect(first.total).toBe(ENTRIES);
      expect(first.history).toHaveLength(20);
      expect(second.history).toHaveLength(ENTRIES - 20);
      const all = [...first.history, ...second.history];
      expect(new Set(all.map((entry) => entry.id)).size).toBe(ENTRIES);
      const times = all.map((entry) => Date.parse(entry.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(all.at(-1)).toMatchObject({ amount: DAILY_CREDITS, reason: 'daily_grant' });
      expect(all[0]).toMatchObject({
        amount: -1,
        reason: 'generation',
        generation_id: `${alice.userId}:h11`,
      });
      expect(all.reduce((sum, entry) => sum + entry.amount, 0)).toBe(
        (await readCreditLedger(ctx.database.db, alice.userId)).balance,
      );
    });

    it('orders by amount in either direction and honours limit and offset', async () => {
      const ascending = await history('?orderBy=amount&orderDirection=asc&limit=100');
      const amounts = ascending.history.map((entry) => entry.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(amounts[0]).toBe(-DAILY_CREDITS);
      const top = await history('?orderBy=amount&orderDirection=desc&limit=3&offset=1');
      expect(top.history.map((entry) => entry.amount)).toEqual([11, 10, 10]);
      const oldest = await history('?orderDirection=asc&limit=1');
      expect(oldest.history[0]?.reason).toBe('daily_grant');
    });

    it("shows only the caller's own entries", async () => {
      const own = await history('', bob.token);
      expect(own.total).toBe(1);
      expect(own.history[0]).toMatchObject({ amount: DAILY_CREDITS, reason: 'daily_grant' });
    });

    it.each([
      ['limit=0', 'limit'],
      [`limit=${CREDIT_HISTORY_MAX_LIMIT + 1}`, 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['orderBy=prompt', 'orderBy'],
      ['orderDirection=up', 'orderDirection'],
    ])('refuses %s with 422 VALIDATION_ERROR naming %s', async (query, field) => {
      const response = await call('GET', `/credits/history?${query}`, alice.token);
      expect(response.statusCode).toBe(422);
      const body = response.json<{ error: string; message: string }>();
      expect(body.error).toBe('VALIDATION_ERROR');
      expect(body.message).toContain(field);
    });
  });
});
