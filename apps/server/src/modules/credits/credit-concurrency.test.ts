import { DAILY_CREDITS, DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { debitCredits } from './debit-credits';
import { grantCredits } from './grant-credits';
import { refundGeneration } from './refund-generation';
import { requestDailyCredits } from './request-daily-credits';
import { ignoreEvents } from '../../../test/collect-events';

/**
 * On PostgreSQL these are real concurrent transactions on separate pool connections (the pool
 * holds 10); each first sleeps inside its transaction so they all overlap. PGlite has one
 * connection and runs them one after the other, which must give the same totals.
 */
let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

async function overlap(tx: AppDb) {
  if (database.kind === 'postgres') await tx.execute(sql`select pg_sleep(0.02)`);
}

function concurrently<T>(count: number, run: (index: number, tx: AppDb) => Promise<T>) {
  return Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      db.transaction(async (tx) => {
        await overlap(tx);
        return run(index, tx);
      }),
    ),
  );
}

function refusalCodes(results: PromiseSettledResult<unknown>[]) {
  return results
    .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    .map((result) => (result.reason instanceof AppError ? result.reason.code : result.reason));
}

async function seed(userId: string, amount: number) {
  await grantCredits({
    events: ignoreEvents,
    tx: db,
    userId,
    amount,
    reason: 'adjustment',
    idempotencyKey: `seed:${userId}`,
  });
}

describe('credits under concurrency', () => {
  it('50 concurrent debits against a balance of 5: exactly 5 succeed, balance 0', async () => {
    const userId = await insertTestUser(db);
    await seed(userId, 5);
    const results = await concurrently(50, (index, tx) =>
      debitCredits({ events: ignoreEvents, tx, userId, generationId: `${userId}:g${index}` }),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    expect(succeeded).toHaveLength(5);
    expect(refusalCodes(results)).toEqual(Array(45).fill('INSUFFICIENT_CREDITS'));
    const ledger = await readCreditLedger(db, userId);
    expect(ledger).toMatchObject({ balance: 0, ledgerSum: 0 });
    expect(ledger.entries.filter((entry) => entry.reason === 'generation')).toHaveLength(5);
  });

  it('20 concurrent first claims of a new user: one grant of 10', async () => {
    const userId = await insertTestUser(db);
    const results = await concurrently(20, (_index, tx) =>
      requestDailyCredits({ events: ignoreEvents, db: tx, userId }),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(refusalCodes(results)).toEqual(Array(19).fill('CREDITS_NOT_EXHAUSTED'));
    const ledger = await readCreditLedger(db, userId);
    expect(ledger).toMatchObject({ balance: DAILY_CREDITS, ledgerSum: DAILY_CREDITS });
    expect(ledger.entries).toHaveLength(1);
  });

  it('20 concurrent claims at 0 after the cooldown: one grant of 10', async () => {
    const userId = await insertTestUser(db);
    const t0 = new Date('2026-01-01T00:00:00Z');
    await requestDailyCredits({ events: ignoreEvents, db, userId, now: t0 });
    await debitCredits({
      events: ignoreEvents,
      tx: db,
      userId,
      amount: DAILY_CREDITS,
      generationId: `${userId}:all`,
    });
    const later = new Date(t0.getTime() + DAILY_CREDITS_COOLDOWN_MS + 1);
    const results = await concurrently(20, (_index, tx) =>
      requestDailyCredits({ events: ignoreEvents, db: tx, userId, now: later }),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(refusalCodes(results)).toEqual(Array(19).fill('CREDITS_NOT_EXHAUSTED'));
    const ledger = await readCreditLedger(db, userId);
    expect(ledger).toMatchObject({ balance: DAILY_CREDITS, ledgerSum: DAILY_CREDITS });
    expect(ledger.entries.filter((entry) => entry.reason === 'daily_grant')).toHaveLength(2);
  });

  it('10 concurrent debits with one idempotency key charge once', async () => {
    const userId = await insertTestUser(db);
    await seed(userId, 5);
    const results = await concurrently(10, (_index, tx) =>
      debitCredits({ events: ignoreEvents, tx, userId, generationId: `${userId}:same` }),
    );
    const values = results.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    expect(values.filter((value) => !value.alreadyApplied)).toHaveLength(1);
    expect(new Set(values.map((value) => value.transactionId)).size).toBe(1);
    expect(await readCreditLedger(db, userId)).toMatchObject({ balance: 4, ledgerSum: 4 });
  });

  it('10 concurrent refunds of one generation refund once', async () => {
    const userId = await insertTestUser(db);
    await seed(userId, 5);
    await debitCredits({
      events: ignoreEvents,
      tx: db,
      userId,
      amount: 3,
      generationId: `${userId}:failed`,
    });
    const results = await concurrently(10, (_index, tx) =>
      refundGeneration({ events: ignoreEvents, tx, userId, generationId: `${userId}:failed` }),
    );
    const values = results.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    expect(values.filter((value) => !value.alreadyApplied)).toHaveLength(1);
    expect(values.every((value) => value.refunded === 3)).toBe(true);
    const ledger = await readCreditLedger(db, userId);
    expect(ledger).toMatchObject({ balance: 5, ledgerSum: 5 });
    expect(ledger.entries.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
  });
});
