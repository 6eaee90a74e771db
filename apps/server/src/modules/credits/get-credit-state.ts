import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { creditAccounts } from '../../db/credits-schema';
import { AppError } from '../../lib/app-error';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { toCreditState } from './credit-state';

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
  const [account] = await options.db
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, options.userId));
  const isPremium = await hasPremiumAccess({ tx: options.db, userId: options.userId, now });
  if (!account && !isPremium) {
    throw new AppError('NOT_FOUND', { details: { reason: 'no credit account' } });
  }
  return toCreditState(account, isPremium, now);
}
