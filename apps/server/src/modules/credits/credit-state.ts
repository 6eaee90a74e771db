import { DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import type { creditAccounts } from '../../db/credits-schema';

export type CreditAccount = typeof creditAccounts.$inferSelect;

/** When the next daily claim is allowed, or null when the cooldown has passed (or never ran). */
export function getNextEligibleAt(account: CreditAccount, now: Date): Date | null {
  if (!account.lastDailyGrantAt) return null;
  const next = new Date(account.lastDailyGrantAt.getTime() + DAILY_CREDITS_COOLDOWN_MS);
  return next.getTime() > now.getTime() ? next : null;
}

/** The GET /credits answer for an account at `now` (spec §3 credit balance response). */
export function toCreditState(account: CreditAccount, now: Date): CreditState {
  const nextEligibleAt = getNextEligibleAt(account, now);
  return {
    balance: account.balance,
    user_type: account.userType,
    is_premium: account.isPremium,
    next_eligible_at: nextEligibleAt?.toISOString() ?? null,
    can_request_credits: !account.isPremium && account.balance === 0 && nextEligibleAt === null,
  };
}
