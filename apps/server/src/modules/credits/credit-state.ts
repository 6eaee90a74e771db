import { DAILY_CREDITS_COOLDOWN_MS } from '@nocturne/contract/constants';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { creditAccounts } from './credits-tables';

/**
 * The account columns a credit state is made of. Reads select only these: the row's two other
 * timestamps would cost each GET /credits a parse into a Date it never uses.
 */
export const creditStateColumns = {
  balance: creditAccounts.balance,
  userType: creditAccounts.userType,
  lastDailyGrantAt: creditAccounts.lastDailyGrantAt,
};

export type CreditAccount = Pick<
  typeof creditAccounts.$inferSelect,
  keyof typeof creditStateColumns
>;

/** When the next daily claim is allowed, or null when the cooldown has passed (or never ran). */
export function getNextEligibleAt(account: CreditAccount, now: Date): Date | null {
  if (!account.lastDailyGrantAt) return null;
  const next = new Date(account.lastDailyGrantAt.getTime() + DAILY_CREDITS_COOLDOWN_MS);
  return next.getTime() > now.getTime() ? next : null;
}

/**
 * The GET /credits answer (spec §3 credit balance response). `account` is undefined for a premium
 * user who never had credits; `isPremium` comes from the subscription (has-premium-access.ts).
 */
export function toCreditState(
  account: CreditAccount | undefined,
  isPremium: boolean,
  now: Date,
): CreditState {
  const nextEligibleAt = account && !isPremium ? getNextEligibleAt(account, now) : null;
  const balance = account?.balance ?? 0;
  return {
    balance,
    user_type: isPremium ? 'premium' : (account?.userType ?? 'standard'),
    is_premium: isPremium,
    next_eligible_at: nextEligibleAt?.toISOString() ?? null,
    can_request_credits: !isPremium && balance === 0 && nextEligibleAt === null,
  };
}
