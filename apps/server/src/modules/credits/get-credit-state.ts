import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { creditAccounts } from '../../db/credits-schema';
import { AppError } from '../../lib/app-error';
import { toCreditState } from './credit-state';

/** The user's credit state; NOT_FOUND when they have no credit account yet (a new user). */
export async function getCreditState(options: {
  db: DbHandle;
  userId: string;
  now?: Date;
}): Promise<CreditState> {
  const [account] = await options.db
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, options.userId));
  if (!account) throw new AppError('NOT_FOUND', { details: { reason: 'no credit account' } });
  return toCreditState(account, options.now ?? new Date());
}
