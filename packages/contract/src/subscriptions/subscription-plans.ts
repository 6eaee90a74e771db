import { z } from 'zod';
import { EXPIRING_SOON_DAYS } from '../constants';

/** What a person can buy as premium: one invoice per monthly period, or once for life. */
export const SUBSCRIPTION_PLANS = ['monthly', 'lifetime'] as const;
export const subscriptionPlanSchema = z.enum(SUBSCRIPTION_PLANS);
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** Spec §3/§4: no subscription → pending → active; cancelled (failed or underpaid); expired. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'expired', 'cancelled'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before `expiresAt` (0 once it has passed), rounded up: 1 h left is 1 day. */
export function daysUntil(expiresAt: string | Date, now: Date = new Date()): number {
  const remaining = new Date(expiresAt).getTime() - now.getTime();
  return remaining <= 0 ? 0 : Math.ceil(remaining / DAY_MS);
}

/** Spec §4/§9: a monthly plan with 7 days or fewer left is expiring soon (lifetime never is). */
export function isExpiringSoon(
  subscription: { is_lifetime: boolean; expires_at: string | Date | null },
  now: Date = new Date(),
): boolean {
  if (subscription.is_lifetime || !subscription.expires_at) return false;
  const remaining = new Date(subscription.expires_at).getTime() - now.getTime();
  return remaining > 0 && remaining <= EXPIRING_SOON_DAYS * DAY_MS;
}
