import { DAILY_CREDITS, DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import type { AppDb, Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { debitCredits } from './debit-credits';
import { grantCredits } from './grant-credits';
import { refundGeneration } from './refund-generation';
import { requestDailyCredits } from './request-daily-credits';
import { ignoreEvents } from '../../../test/collect-events';

type Op =
  | { kind: 'grant'; key: number; amount: number }
  | { kind: 'debit'; generation: number; amount: number }
  | { kind: 'refund'; generation: number }
  | { kind: 'claim'; advanceHours: number }
  | { kind: 'premium'; on: boolean };

// Few keys and generations, and debits and refunds weighted up, so retries (same key, same
// generation) happen often.
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    key: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: 1, max: 5 }),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('debit' as const),
      generation: fc.integer({ min: 0, max: 2 }),
      amount: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      generation: fc.integer({ min: 0, max: 2 }),
    }),
  },
  fc.record({ kind: fc.constant('claim' as const), advanceHours: fc.integer({ min: 0, max: 30 }) }),
  fc.record({ kind: fc.constant('premium' as const), on: fc.boolean() }),
);

/** What the ledger must do, written as plainly as possible. */
class CreditModel {
  hasAccount = false;
  balance = 0;
  premium = false;
  lastGrantAt: number | null = null;
  grants = new Map<number, number>();
  debits = new Map<number, number>();
  refunded = new Set<number>();

  /** Applies `op` at time `now`; returns the refusal code or null. */
  apply(op: Op, now: number): string | null {
    switch (op.kind) {
      case 'grant':
        this.hasAccount = true;
        if (!this.grants.has(op.key)) {
          this.grants.set(op.key, op.amount);
          this.balance += op.amount;
        }
        return null;
      case 'debit':
        if (this.debits.has(op.generation)) return null;
        // Premium comes from the subscription: it needs no credit account.
        if (this.premium) return null;
        if (!this.hasAccount) return 'INSUFFICIENT_CREDITS';
        if (this.balance < op.amount) return 'INSUFFICIENT_CREDITS';
        this.balance -= op.amount;
        this.debits.set(op.generation, op.amount);
        return null;
      case 'refund': {
        const debited = this.debits.get(op.generation) ?? 0;
        if (debited > 0 && !this.refunded.has(op.generation)) {
          this.refunded.add(op.generation);
          this.balance += debited;
        }
        return null;
      }
      case 'claim':
        if (this.premium) return 'PREMIUM_USER_NO_DAILY_CREDITS';
        if (this.balance > 0) return 'CREDITS_NOT_EXHAUSTED';
        if (this.lastGrantAt !== null && now < this.lastGrantAt + DAILY_CREDITS_COOLDOWN_MS) {
          return 'COOLDOWN_ACTIVE';
        }
        this.hasAccount = true;
        this.balance += DAILY_CREDITS;
        this.lastGrantAt = now;
        return null;
      case 'premium':
        this.premium = op.on;
        return null;
    }
  }
}

async function run(db: AppDb, userId: string, op: Op, now: Date): Promise<string | null> {
  try {
    switch (op.kind) {
      case 'grant':
        await grantCredits({
          events: ignoreEvents,
          tx: db,
          userId,
          amount: op.amount,
          reason: 'adjustment',
          idempotencyKey: `${userId}:grant:${op.key}`,
        });
        break;
      case 'debit':
        await debitCredits({
          events: ignoreEvents,
          tx: db,
          userId,
          amount: op.amount,
          generationId: `${userId}:g${op.generation}`,
        });
        break;
      case 'refund':
        await refundGeneration({
          events: ignoreEvents,
          tx: db,
          userId,
          generationId: `${userId}:g${op.generation}`,
        });
        break;
      case 'claim':
        await requestDailyCredits({ events: ignoreEvents, db, userId, now });
        break;
      case 'premium':
        await setPremium(db, userId, op.on);
        break;
    }
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('ledger invariants over random operation sequences', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps balance = SUM(ledger) >= 0 and matches the model after every step', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArbitrary, { minLength: 1, maxLength: 20, size: 'max' }),
        async (ops) => {
          const userId = await insertTestUser(db);
          const model = new CreditModel();
          let now = Date.parse('2026-01-01T00:00:00Z');
          for (const op of ops) {
            if (op.kind === 'claim') now += op.advanceHours * 3_600_000;
            const expected = model.apply(op, now);
            expect(await run(db, userId, op, new Date(now))).toBe(expected);
            const ledger = await readCreditLedger(db, userId);
            expect(ledger.balance ?? 0).toBeGreaterThanOrEqual(0);
            expect(ledger.balance ?? 0).toBe(ledger.ledgerSum);
            expect(ledger.balance ?? 0).toBe(model.balance);
            expect(ledger.balance !== null).toBe(model.hasAccount);
          }
        },
      ),
      {
        numRuns: 50,
        // Hand-picked retries that must always be covered, whatever the random draw.
        examples: [
          [
            [
              { kind: 'grant', key: 0, amount: 3 },
              { kind: 'debit', generation: 0, amount: 2 },
              { kind: 'debit', generation: 0, amount: 2 },
              { kind: 'refund', generation: 0 },
              { kind: 'refund', generation: 0 },
              { kind: 'claim', advanceHours: 0 },
            ],
          ],
        ],
      },
    );
  });
});
