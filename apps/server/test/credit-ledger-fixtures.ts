import { channels } from '@nocturne/contract/realtime/channels';
import { expect } from 'vitest';
import { ignoreEvents } from './collect-events';
import { readCreditLedger } from './read-credit-ledger';
import type { AppDb } from '../src/db/database';
import { grantCredits } from '../src/modules/credits/grant-credits';

/** The ledger helpers of the credit-ledger-*.test files, for the database and user of `current()`. */
export function ledgerHelpers(current: () => { db: AppDb; userId: string }) {
  /** Generation ids and keys are global: each test's own, so tests sharing the database never meet. */
  const gen = (name: string) => `${current().userId}:${name}`;

  async function expectConsistent(expectedBalance: number | null) {
    const ledger = await readCreditLedger(current().db, current().userId);
    expect(ledger.balance).toBe(expectedBalance);
    expect(ledger.ledgerSum).toBe(expectedBalance ?? 0);
    return ledger;
  }

  const give = (amount: number, key = `test:${amount}:${Math.random()}`) =>
    grantCredits({
      events: ignoreEvents,
      tx: current().db,
      userId: current().userId,
      amount,
      reason: 'adjustment',
      idempotencyKey: key,
    });

  const creditUpdated = (balance: number) => ({
    channel: channels.credits(current().userId),
    event: 'credit_updated',
    payload: { balance },
  });

  return { gen, expectConsistent, give, creditUpdated };
}
