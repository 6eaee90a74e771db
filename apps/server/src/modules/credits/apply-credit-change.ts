import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';
import { channels } from '@nocturne/contract/realtime/channels';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { creditAccounts, creditTransactions } from '../../db/credits-schema';
import { AppError } from '../../lib/app-error';
import type { RealtimeEvents } from '../../db/create-unit-of-work';

export type CreditLedgerEntry = typeof creditTransactions.$inferSelect;

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

async function findEntryByKey(tx: DbHandle, idempotencyKey: string) {
  const [entry] = await tx
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.idempotencyKey, idempotencyKey));
  return entry;
}

async function readBalance(tx: DbHandle, userId: string): Promise<number> {
  const [account] = await tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return account?.balance ?? 0;
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
    const [entry] = await tx
      .insert(creditTransactions)
      .values({
        userId,
        amount,
        reason: change.reason,
        generationId: change.generationId ?? null,
        idempotencyKey: change.idempotencyKey,
      })
      .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
      .returning();
    if (!entry) return undefined;
    const [account] = await tx
      .update(creditAccounts)
      .set({ balance: sql`${creditAccounts.balance} + ${amount}` })
      .where(
        and(eq(creditAccounts.userId, userId), sql`${creditAccounts.balance} + ${amount} >= 0`),
      )
      .returning({ balance: creditAccounts.balance });
    if (!account) {
      throw new AppError('INSUFFICIENT_CREDITS', { details: { userId, amount } });
    }
    return { entry, balance: account.balance, alreadyApplied: false };
  });
  if (result) {
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
