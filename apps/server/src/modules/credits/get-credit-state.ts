import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { creditAccounts } from './credits-tables';
import { AppError } from '../../lib/app-error';
import { hasPremiumAccess, premiumAccessExists } from '../subscriptions/has-premium-access';
import { creditStateColumns, toCreditState } from './credit-state';

/**
 * The account and whether the person is premium, in one round trip (the header asks on every
 * page), prepared once per database: building the SQL per request is the largest part of this
 * request's own work otherwise.
 */
function prepareAccountWithPremium(db: DbHandle) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...creditStateColumns,
      isPremium: premiumAccessExists(db, userId, sql.placeholder('now')),
    })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId))
    .prepare('credit_state_with_premium');
}

const preparedFor = preparedPerDatabase(prepareAccountWithPremium);

/**
 * The user's credit state; NOT_FOUND when they have no credit account yet and are not premium (a
 * new user: the web app shows its welcome state). A premium user is never "new".
 */
export async function getCreditState(options: {
  db: DbHandle;
  userId: string;
  now?: Date;
}): Promise<CreditState> {
  const now = options.now ?? new Date();
  const { db, userId } = options;
  const [row] = await preparedFor(db).execute({ userId, now });
  if (row) return toCreditState(row, row.isPremium, now);
  // No account yet: a premium person still has a state; anyone else is new.
  const isPremium = await hasPremiumAccess({ tx: db, userId, now });
  if (!isPremium) throw new AppError('NOT_FOUND', { details: { reason: 'no credit account' } });
  return toCreditState(undefined, true, now);
}
