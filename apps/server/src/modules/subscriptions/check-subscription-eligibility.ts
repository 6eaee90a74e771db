import {
  isExpiringSoon,
  type SubscriptionPlan,
} from '@nocturne/contract/subscriptions/subscription-plans';
import type { subscriptions } from './subscriptions-tables';
import { AppError } from '../../lib/app-error';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Spec §6's premium, read from a row already in hand (has-premium-access.ts is the SQL twin). */
export function isPremiumRow(row: SubscriptionRow | undefined, now: Date): boolean {
  if (!row || row.status !== 'active') return false;
  return row.isLifetime || (row.expiresAt !== null && row.expiresAt > now);
}

/**
 * Whether `plan` may be bought now: anyone without premium may; an active plan is ALREADY_EXISTS
 * except a monthly plan expiring soon (renewed by its next period) and a monthly plan moving to
 * lifetime.
 */
export function checkSubscriptionEligibility(options: {
  current: SubscriptionRow | undefined;
  plan: SubscriptionPlan;
  now: Date;
}): void {
  const { current, plan, now } = options;
  if (!current || !isPremiumRow(current, now)) return;
  if (!current.isLifetime) {
    if (plan === 'lifetime') return;
    if (isExpiringSoon({ is_lifetime: false, expires_at: current.expiresAt }, now)) return;
  }
  throw new AppError('ALREADY_EXISTS', { details: { plan, current: current.plan } });
}

/**
 * The first day of the period an invoice for `plan` pays for: a renewal continues where the paid
 * period ends, anything else starts now.
 */
export function subscriptionPeriodStart(options: {
  current: SubscriptionRow | undefined;
  plan: SubscriptionPlan;
  now: Date;
}): Date {
  const { current, plan, now } = options;
  if (plan === 'monthly' && current && isPremiumRow(current, now) && current.expiresAt) {
    return current.expiresAt;
  }
  return now;
}
