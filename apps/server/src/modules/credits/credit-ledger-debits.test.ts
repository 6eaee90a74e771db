import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { debitCredits } from './debit-credits';
import { grantCredits } from './grant-credits';
import { refundGeneration } from './refund-generation';
import { collectEvents, ignoreEvents } from '../../../test/collect-events';
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

const { gen, expectConsistent, give, creditUpdated } = ledgerHelpers(() => ({ db, userId }));

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
