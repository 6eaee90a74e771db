import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../src/db/database';
import { creditAccounts, creditTransactions } from '../src/modules/credits/credits-tables';
import { subscriptions } from '../src/modules/subscriptions/subscriptions-tables';

/** The cached balance (null without an account), the ledger sum and the ledger rows of a user. */
export async function readCreditLedger(db: AppDb, userId: string) {
  const [account] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  const entries = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId));
  return { balance: account?.balance ?? null, ledgerSum: sum?.total ?? 0, entries };
}

/**
 * Premium is derived from the subscription: on gives the user an active lifetime plan, off
 * removes their plan.
 */
export async function setPremium(db: AppDb, userId: string, isPremium: boolean) {
  if (!isPremium) {
    await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
    return;
  }
  const active = { plan: 'lifetime', status: 'active', isLifetime: true, expiresAt: null } as const;
  await db
    .insert(subscriptions)
    .values({ userId, ...active, activatedAt: new Date() })
    .onConflictDoUpdate({ target: subscriptions.userId, set: active });
}
