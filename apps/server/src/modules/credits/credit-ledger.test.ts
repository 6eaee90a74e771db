import { DAILY_CREDITS, DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { debitCredits } from './debit-credits';
import { getCreditState } from './get-credit-state';
import { grantCredits } from './grant-credits';
import { refundGeneration } from './refund-generation';
import { requestDailyCredits } from './request-daily-credits';
import { channels } from '@nocturne/contract/realtime/channels';
import { collectEvents, ignoreEvents } from '../../../test/collect-events';

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

/** Generation ids and keys are global: each test's own, so tests sharing the database never meet. */
const gen = (name: string) => `${userId}:${name}`;

async function expectConsistent(expectedBalance: number | null) {
  const ledger = await readCreditLedger(db, userId);
  expect(ledger.balance).toBe(expectedBalance);
  expect(ledger.ledgerSum).toBe(expectedBalance ?? 0);
  return ledger;
}

const give = (amount: number, key = `test:${amount}:${Math.random()}`) =>
  grantCredits({
    events: ignoreEvents,
    tx: db,
    userId,
    amount,
    reason: 'adjustment',
    idempotencyKey: key,
  });

const creditUpdated = (balance: number) => ({
  channel: channels.credits(userId),
  event: 'credit_updated',
  payload: { balance },
});

describe('debitCredits', () => {
  it('refuses a user without a credit account and writes nothing', async () => {
    await expect(
      debitCredits({ events: ignoreEvents, tx: db, userId, generationId: gen('g1') }),
    ).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      statusCode: 402,
    });
    await expectConsistent(null);
  });

  it('takes one credit and writes the ledger row of the generation', async () => {
    await give(2);
    const events = collectEvents();
    const result = await debitCredits({ events, tx: db, userId, generationId: gen('g1') });
    expect(result).toMatchObject({ charged: true, alreadyApplied: false });
    expect(events.list).toEqual([creditUpdated(1)]);
    const { entries } = await expectConsistent(1);
    expect(entries.find((entry) => entry.id === result.transactionId)).toMatchObject({
      amount: -1,
      reason: 'generation',
      generationId: gen('g1'),
      idempotencyKey: `generation:${gen('g1')}`,
    });
  });

  it('refuses a debit larger than the balance and leaves no ledger row', async () => {
    await give(1);
    await expect(
      debitCredits({ events: ignoreEvents, tx: db, userId, generationId: gen('g1'), amount: 2 }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    const { entries } = await expectConsistent(1);
    expect(entries).toHaveLength(1);
  });

  it('never charges a premium user', async () => {
    await give(3);
    await setPremium(db, userId, true);
    const events = collectEvents();
    const result = await debitCredits({ events, tx: db, userId, generationId: gen('g1') });
    expect(result).toEqual({ charged: false, transactionId: null, alreadyApplied: false });
    expect(events.list).toEqual([]);
    await expectConsistent(3);
  });

  it('charges once for the same idempotency key', async () => {
    await give(5);
    const events = collectEvents();
    const debit = { events, tx: db, userId, generationId: gen('g1'), idempotencyKey: gen('k') };
    const first = await debitCredits(debit);
    const again = await debitCredits(debit);
    expect(first).toMatchObject({ charged: true, alreadyApplied: false });
    expect(again).toEqual({ ...first, alreadyApplied: true });
    // The replay changed nothing, so it announces nothing.
    expect(events.list).toEqual([creditUpdated(4)]);
    await expectConsistent(4);
  });

  it('composes inside the caller transaction: a caught refusal leaves nothing half-done', async () => {
    await give(1);
    await db.transaction(async (tx) => {
      await debitCredits({ events: ignoreEvents, tx, userId, generationId: gen('g1') });
      // The caller tries a second, too large debit, handles the refusal and commits the first.
      await expect(
        debitCredits({ events: ignoreEvents, tx, userId, generationId: gen('g2'), amount: 5 }),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    });
    const { entries } = await expectConsistent(0);
    expect(entries.map((entry) => entry.generationId)).toEqual([null, gen('g1')]);
  });

  it('rolls back with the caller transaction', async () => {
    await give(3);
    await expect(
      db.transaction(async (tx) => {
        await debitCredits({ events: ignoreEvents, tx, userId, generationId: gen('g1') });
        throw new Error('queue insert failed');
      }),
    ).rejects.toThrow('queue insert failed');
    const { entries } = await expectConsistent(3);
    expect(entries).toHaveLength(1);
  });
});

describe('refundGeneration', () => {
  it('gives back exactly what was debited, exactly once', async () => {
    await give(5);
    await debitCredits({
      events: ignoreEvents,
      tx: db,
      userId,
      generationId: gen('g1'),
      amount: 2,
    });
    const events = collectEvents();
    const refund = { events, tx: db, userId, generationId: gen('g1') };
    const first = await refundGeneration(refund);
    const again = await refundGeneration(refund);
    expect(first).toEqual({ refunded: 2, alreadyApplied: false });
    expect(again).toEqual({ refunded: 2, alreadyApplied: true });
    expect(events.list).toEqual([creditUpdated(5)]);
    const { entries } = await expectConsistent(5);
    expect(entries.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
  });

  it('refunds nothing for a generation that was never charged (premium or unknown)', async () => {
    await give(2);
    await setPremium(db, userId, true);
    await debitCredits({ events: ignoreEvents, tx: db, userId, generationId: gen('g-premium') });
    expect(
      await refundGeneration({
        events: ignoreEvents,
        tx: db,
        userId,
        generationId: gen('g-premium'),
      }),
    ).toEqual({ refunded: 0, alreadyApplied: false });
    expect(
      (await refundGeneration({ events: ignoreEvents, tx: db, userId, generationId: gen('nope') }))
        .refunded,
    ).toBe(0);
    await expectConsistent(2);
  });

  it("never refunds another user's debit", async () => {
    const otherUserId = await insertTestUser(db);
    await grantCredits({
      events: ignoreEvents,
      tx: db,
      userId: otherUserId,
      amount: 1,
      reason: 'adjustment',
      idempotencyKey: `seed:${otherUserId}`,
    });
    await debitCredits({
      events: ignoreEvents,
      tx: db,
      userId: otherUserId,
      generationId: gen('shared'),
    });
    await give(1);
    expect(
      (
        await refundGeneration({
          events: ignoreEvents,
          tx: db,
          userId,
          generationId: gen('shared'),
        })
      ).refunded,
    ).toBe(0);
    await expectConsistent(1);
  });
});

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
