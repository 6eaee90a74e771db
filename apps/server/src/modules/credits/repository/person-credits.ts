import { OVERVIEW_MONEY_DAYS } from '@nocturne/contract/admin/overview';
import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';
import { asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../../db/database';
import { toExportRecord } from '../../../db/to-export-record';
import { creditAccounts, creditTransactions } from '../credits-tables';

const ledger = creditTransactions;

/**
 * Each person's balance, as other modules' statements join it (the console's people list): a
 * read-only view under the table's own name.
 */
export const creditBalances = new QueryBuilder()
  .select({ userId: creditAccounts.userId, balance: creditAccounts.balance })
  .from(creditAccounts)
  .as('credit_accounts');

/**
 * The ledger as another module's statement reads it (the credit history, which names what each
 * row was for from the generations and payments): a read-only view under the table's own name.
 */
export const ledgerRows = new QueryBuilder()
  .select({
    id: creditTransactions.id,
    userId: creditTransactions.userId,
    amount: creditTransactions.amount,
    reason: creditTransactions.reason,
    generationId: creditTransactions.generationId,
    idempotencyKey: creditTransactions.idempotencyKey,
    createdAt: creditTransactions.createdAt,
  })
  .from(creditTransactions)
  .as('credit_transactions');

/** The credits the person spent on images (debits net of refunds), as an expression. */
export function creditsUsedOf(userId: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(${sql`select greatest(0, -coalesce(sum(t.amount), 0)) from credit_transactions t
          where t.user_id = ${userId} and t.reason in ('generation', 'refund')`})`.mapWith(Number);
}

/** The person's balance row and ledger in their export, oldest first. */
export async function exportCreditsOf(db: DbHandle, userId: string) {
  const [creditAccount] = await db
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
  return {
    credit_account: creditAccount ? toExportRecord(creditAccounts, creditAccount) : null,
    credit_ledger: rows.map((row) => toExportRecord(creditTransactions, row)),
  };
}

/**
 * A deleted person's ledger keeps every amount under `pseudonym`: the user id and the idempotency
 * keys that embed it (`daily:{userId}:…`) are rewritten, in the deletion's transaction.
 */
export async function pseudonymizeLedger(
  tx: DbHandle,
  userId: string,
  pseudonym: string,
): Promise<void> {
  await tx
    .update(creditTransactions)
    .set({
      userId: pseudonym,
      idempotencyKey: sql`replace(${creditTransactions.idempotencyKey}, ${userId}, ${pseudonym})`,
    })
    .where(eq(creditTransactions.userId, userId));
}

/**
 * The balance after each row is the running sum of the person's ledger in the order it was
 * written (the balance always equals the ledger's sum); the window runs before LIMIT, so every
 * page shows true balances.
 */
const balanceAfter = sql<number>`sum(${ledger.amount}) over (order by ${ledger.createdAt}, ${ledger.id})`;

/** One page of the person's ledger rows, newest first, each with the balance after it. */
export async function readLedgerPage(
  db: DbHandle,
  userId: string,
  page: { limit: number; offset: number },
) {
  const mine = eq(ledger.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ledger.id,
        amount: ledger.amount,
        reason: ledger.reason,
        balanceAfter: balanceAfter.mapWith(Number),
        createdAt: ledger.createdAt,
      })
      .from(ledger)
      .where(mine)
      .orderBy(desc(ledger.createdAt), desc(ledger.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(ledger).where(mine),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The person's latest ledger rows, newest first (the console's person page). */
export function readRecentLedger(db: DbHandle, userId: string, limit: number) {
  return db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit);
}

const ago = (amount: number, unit: string) => sql`now() - ${`${amount} ${unit}`}::interval`;

/** Credits moved over the overview's money window, per reason (the console's overview). */
export function readCreditTotals(db: DbHandle) {
  return db
    .select({
      reason: sql<CreditReason>`${creditTransactions.reason}`,
      amount: sql<number>`sum(${creditTransactions.amount})`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(gt(creditTransactions.createdAt, ago(OVERVIEW_MONEY_DAYS, 'days')))
    .groupBy(creditTransactions.reason)
    .orderBy(creditTransactions.reason);
}
