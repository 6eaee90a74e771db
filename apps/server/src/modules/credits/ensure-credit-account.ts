import type { DbHandle } from '../../db/database';
import { creditAccounts } from './credits-tables';

/**
 * Creates the user's credit account (balance 0) unless it exists. Accounts are created lazily, by
 * the first claim or grant, never at sign-up (a user without one is "new": GET /credits is 404).
 * ON CONFLICT DO NOTHING makes two first requests racing each other both succeed here.
 */
export async function ensureCreditAccount(options: { tx: DbHandle; userId: string }) {
  await options.tx
    .insert(creditAccounts)
    .values({ userId: options.userId })
    .onConflictDoNothing({ target: creditAccounts.userId });
}
