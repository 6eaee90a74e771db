import { DAILY_CREDITS, DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { debitCredits } from './debit-credits';
import { getCreditState } from './get-credit-state';
import { grantCredits } from './grant-credits';
import { requestDailyCredits } from './request-daily-credits';
import { ignoreEvents } from '../../../test/collect-events';
import { ledgerHelpers } from '../../../test/credit-ledger-fixtures';

let database: Database;
let db: AppDb;
let userId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  userId = await insertTestUser(db);
});

const { gen, expectConsistent, give } = ledgerHelpers(() => ({ db, userId }));

describe('grantCredits', () => {
  it('creates the account on first use and applies a key once', async () => {
    const first = await give(7, gen('promo'));
    const again = await give(7, gen('promo'));
    expect(first).toMatchObject({ balance: 7, alreadyApplied: false });
    expect(again).toEqual({ ...first, alreadyApplied: true });
    await expectConsistent(7);
  });

  it('refuses a key already used for a different change', async () => {
    await give(1, gen('shared-key'));
    await expect(
      grantCredits({
        events: ignoreEvents,
        tx: db,
        userId,
        amount: 1,
        reason: 'topup',
        idempotencyKey: gen('shared-key'),
      }),
    ).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expectConsistent(1);
  });
});

describe('requestDailyCredits with an injected clock', () => {
  const t0 = new Date('2026-03-01T08:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('grants 10 on the first claim, then enforces the 24 h cooldown to the millisecond', async () => {
    const state = await requestDailyCredits({ events: ignoreEvents, db, userId, now: t0 });
    expect(state).toEqual({
      balance: DAILY_CREDITS,
      user_type: 'standard',
      is_premium: false,
      next_eligible_at: at(DAILY_CREDITS_COOLDOWN_MS).toISOString(),
      can_request_credits: false,
    });
    await debitCredits({
      events: ignoreEvents,
      tx: db,
      userId,
      generationId: gen('g'),
      amount: DAILY_CREDITS,
    });

    const refusal = requestDailyCredits({
      events: ignoreEvents,
      db,
      userId,
      now: at(DAILY_CREDITS_COOLDOWN_MS - 1),
    });
    await expect(refusal).rejects.toMatchObject({
      code: 'COOLDOWN_ACTIVE',
      extra: { next_eligible_at: at(DAILY_CREDITS_COOLDOWN_MS).toISOString() },
      headers: { 'retry-after': '1' },
    });
    expect(await getCreditState({ db, userId, now: at(DAILY_CREDITS_COOLDOWN_MS) })).toMatchObject({
      balance: 0,
      next_eligible_at: null,
      can_request_credits: true,
    });

    const second = await requestDailyCredits({
      events: ignoreEvents,
      db,
      userId,
      now: at(DAILY_CREDITS_COOLDOWN_MS),
    });
    expect(second.balance).toBe(DAILY_CREDITS);
    const { entries } = await expectConsistent(DAILY_CREDITS);
    expect(entries.filter((entry) => entry.reason === 'daily_grant')).toHaveLength(2);
  });

  it('refuses premium users first, then a balance above 0', async () => {
    await give(3);
    await expect(
      requestDailyCredits({ events: ignoreEvents, db, userId, now: t0 }),
    ).rejects.toMatchObject({
      code: 'CREDITS_NOT_EXHAUSTED',
    });
    await setPremium(db, userId, true);
    await expect(
      requestDailyCredits({ events: ignoreEvents, db, userId, now: t0 }),
    ).rejects.toMatchObject({
      code: 'PREMIUM_USER_NO_DAILY_CREDITS',
    });
    await expectConsistent(3);
  });

  it('answers NOT_FOUND for the state of a user who never claimed', async () => {
    await expect(getCreditState({ db, userId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a failure in the middle of a balance change', () => {
  it('leaves neither the ledger row nor the balance change', async () => {
    await give(5);
    // Make the balance UPDATE (which runs after the ledger INSERT) fail inside the transaction.
    await db.execute(
      sql`alter table credit_accounts add constraint test_balance_cap check (balance <= 100)`,
    );
    try {
      await expect(give(1000, gen('too-much'))).rejects.toThrow();
      await expect(
        db.transaction((tx) =>
          grantCredits({
            events: ignoreEvents,
            tx,
            userId,
            amount: 1000,
            reason: 'adjustment',
            idempotencyKey: gen('k2'),
          }),
        ),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table credit_accounts drop constraint test_balance_cap`);
    }
    const { entries } = await expectConsistent(5);
    expect(entries.map((entry) => entry.idempotencyKey)).not.toContain(gen('too-much'));
    expect(entries).toHaveLength(1);
  });
});
