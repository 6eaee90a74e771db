import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';
import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { creditTransactions } from '../credits-tables';

export type CreditLedgerEntry = typeof creditTransactions.$inferSelect;

/** The ledger row written under `idempotencyKey`, if any. */
export async function findEntryByKey(
  tx: DbHandle,
  idempotencyKey: string,
): Promise<CreditLedgerEntry | undefined> {
  const [entry] = await tx
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.idempotencyKey, idempotencyKey));
  return entry;
}

/**
 * Appends a ledger row unless its idempotency key is taken; undefined then. A concurrent twin
 * waits on the unique index until the first commits, and then gets undefined too.
 */
export async function insertEntryOnce(
  tx: DbHandle,
  entry: {
    userId: string;
    amount: number;
    reason: CreditReason;
    generationId: string | null;
    idempotencyKey: string;
  },
): Promise<CreditLedgerEntry | undefined> {
  const [inserted] = await tx
    .insert(creditTransactions)
    .values(entry)
    .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
    .returning();
  return inserted;
}

/** The amount of the person's generation debit under `debitKey` (negative), if there is one. */
export async function findDebitAmount(
  tx: DbHandle,
  userId: string,
  debitKey: string,
): Promise<number | undefined> {
  const [debit] = await tx
    .select({ amount: creditTransactions.amount })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.idempotencyKey, debitKey),
        eq(creditTransactions.userId, userId),
        eq(creditTransactions.reason, 'generation'),
      ),
    );
  return debit?.amount;
}
