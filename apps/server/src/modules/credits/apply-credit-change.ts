import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { countCreditChange } from '../process-metrics/process-metrics';
import { addToBalance, readBalance } from './repository/credit-balance';
import {
  findEntryByKey,
  insertEntryOnce,
  type CreditLedgerEntry,
} from './repository/ledger-entries';

export interface AppliedCreditChange {
  entry: CreditLedgerEntry;
  /** The balance after this change (or, when already applied, the balance now). */
  balance: number;
  /** True when the idempotency key had been used before: nothing changed this time. */
  alreadyApplied: boolean;
}

export interface CreditChange {
  tx: DbHandle;
  /** The transaction's events: a change adds `credit_updated` for its user. */
  events: RealtimeEvents;
  userId: string;
  /** Signed: negative debits, positive credits; never 0 (the ledger refuses it). */
  amount: number;
  reason: CreditReason;
  generationId?: string | null;
  idempotencyKey: string;
}

/** The effect of an earlier change with the same key; a key reused for something else is a bug. */
export async function findAppliedChange(
  change: Omit<CreditChange, 'amount' | 'generationId' | 'events'>,
): Promise<AppliedCreditChange | undefined> {
  const entry = await findEntryByKey(change.tx, change.idempotencyKey);
  if (!entry) return undefined;
  if (entry.userId !== change.userId || entry.reason !== change.reason) {
    throw new AppError('INTERNAL_ERROR', {
      details: { reason: 'idempotency key reused', idempotencyKey: change.idempotencyKey },
    });
  }
  return { entry, balance: await readBalance(change.tx, change.userId), alreadyApplied: true };
}

/**
 * The one way a balance changes: the ledger row and the conditional balance update, in one
 * transaction (a savepoint when `tx` is already a transaction, so a refusal never leaves half a
 * change in the caller's transaction).
 *
 * - The ledger insert goes first with ON CONFLICT (idempotency_key) DO NOTHING: a concurrent
 *   twin waits on the unique index until the first commits, then sees "already applied".
 * - `balance = balance + amount WHERE balance + amount >= 0` is a single statement: concurrent
 *   debits queue on the row lock and each re-checks the condition against the committed balance,
 *   so nothing overdraws; the CHECK (balance >= 0) is the last line of defence.
 * - Throws INSUFFICIENT_CREDITS when the balance would go below zero.
 * - Adds `credit_updated { balance }` on credits:{userId} to the transaction's events, so the
 *   user's open tabs refresh once it has committed (nothing when already applied).
 * The account must exist (the balance update needs its row): callers check or create it first.
 */
export async function applyCreditChange(change: CreditChange): Promise<AppliedCreditChange> {
  const { userId, amount } = change;
  const result = await change.tx.transaction(async (tx) => {
    const entry = await insertEntryOnce(tx, {
      userId,
      amount,
      reason: change.reason,
      generationId: change.generationId ?? null,
      idempotencyKey: change.idempotencyKey,
    });
    if (!entry) return undefined;
    const balance = await addToBalance(tx, userId, amount);
    if (balance === undefined) {
      throw new AppError('INSUFFICIENT_CREDITS', { details: { userId, amount } });
    }
    return { entry, balance, alreadyApplied: false };
  });
  if (result) {
    change.events.afterCommit?.(() => countCreditChange(change.reason, amount));
    change.events.add({
      channel: channels.credits(userId),
      event: 'credit_updated',
      payload: { balance: result.balance },
    });
    return result;
  }
  const applied = await findAppliedChange(change);
  if (!applied) throw new Error(`ledger conflict without a row for ${change.idempotencyKey}`);
  return applied;
}
