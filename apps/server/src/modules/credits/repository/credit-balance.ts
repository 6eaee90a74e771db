import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { creditAccounts } from '../credits-tables';

/** The person's balance; 0 without an account. */
export async function readBalance(tx: DbHandle, userId: string): Promise<number> {
  const [account] = await tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return account?.balance ?? 0;
}

/** Whether the person has a credit account (accounts are created by the first grant or claim). */
export async function hasCreditAccount(tx: DbHandle, userId: string): Promise<boolean> {
  const [account] = await tx
    .select({ userId: creditAccounts.userId })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return account !== undefined;
}

/**
 * Adds the signed `amount` to the balance unless it would go below zero, in one statement:
 * concurrent changes queue on the row lock and each re-checks the condition against the
 * committed balance. Answers the new balance, or undefined when refused (or no account).
 */
export async function addToBalance(
  tx: DbHandle,
  userId: string,
  amount: number,
): Promise<number | undefined> {
  const [account] = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${amount}` })
    .where(and(eq(creditAccounts.userId, userId), sql`${creditAccounts.balance} + ${amount} >= 0`))
    .returning({ balance: creditAccounts.balance });
  return account?.balance;
}
