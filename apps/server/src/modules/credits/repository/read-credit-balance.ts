import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { creditAccounts } from '../credits-tables';

/** The user's balance (0 without an account); `forUpdate` holds it until the transaction ends. */
export async function readCreditBalance(
  tx: DbHandle,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<number> {
  const query = tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  const [account] = options.forUpdate ? await query.for('update') : await query;
  return account?.balance ?? 0;
}
