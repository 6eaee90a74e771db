import { DAILY_CREDITS } from '@nocturne/contract/constants';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { creditAccounts } from './credits-tables';
import { AppError } from '../../lib/app-error';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { applyCreditChange } from './apply-credit-change';
import { getNextEligibleAt, toCreditState, type CreditAccount } from './credit-state';
import { ensureCreditAccount } from './ensure-credit-account';

export interface RequestDailyCreditsOptions {
  db: DbHandle;
  /** Gets `credit_updated` for the grant. */
  events: RealtimeEvents;
  userId: string;
  /** Injectable clock for the 24 h cooldown. */
  now?: Date;
}

/** Spec §4/§8: after the premium refusal, balance then cooldown. */
function assertMayClaim(account: CreditAccount, now: Date) {
  if (account.balance > 0) throw new AppError('CREDITS_NOT_EXHAUSTED');
  const nextEligibleAt = getNextEligibleAt(account, now);
  if (nextEligibleAt) {
    const seconds = Math.ceil((nextEligibleAt.getTime() - now.getTime()) / 1000);
    throw new AppError('COOLDOWN_ACTIVE', {
      extra: { next_eligible_at: nextEligibleAt.toISOString() },
      headers: { 'retry-after': String(seconds) },
    });
  }
}

/**
 * Grants DAILY_CREDITS when the balance is 0, the user is not premium and 24 h have passed since
 * the last daily grant; creates the credit account on the first claim. Answers the new state.
 *
 * Concurrent claims: the account row is locked FOR UPDATE (after an INSERT … ON CONFLICT DO
 * NOTHING, so two first claims racing both find the row), so claims run one after the other and
 * the second sees balance 10. The ledger key `daily:{userId}:{previous grant}` would refuse a
 * second grant for the same window even without the lock.
 */
export async function requestDailyCredits(
  options: RequestDailyCreditsOptions,
): Promise<CreditState> {
  const { userId } = options;
  const now = options.now ?? new Date();
  return options.db.transaction(async (tx) => {
    if (await hasPremiumAccess({ tx, userId, now })) {
      throw new AppError('PREMIUM_USER_NO_DAILY_CREDITS');
    }
    await ensureCreditAccount({ tx, userId });
    const [account] = await tx
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId))
      .for('update');
    if (!account) throw new Error(`credit account of ${userId} vanished`);
    assertMayClaim(account, now);
    const previousGrant = account.lastDailyGrantAt?.toISOString() ?? 'first';
    const applied = await applyCreditChange({
      tx,
      events: options.events,
      userId,
      amount: DAILY_CREDITS,
      reason: 'daily_grant',
      idempotencyKey: `daily:${userId}:${previousGrant}`,
    });
    if (applied.alreadyApplied) return toCreditState(account, false, now);
    const [updated] = await tx
      .update(creditAccounts)
      .set({ lastDailyGrantAt: now })
      .where(eq(creditAccounts.userId, userId))
      .returning();
    if (!updated) throw new Error(`credit account of ${userId} vanished`);
    return toCreditState(updated, false, now);
  });
}
