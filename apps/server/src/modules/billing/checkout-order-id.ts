import { randomBytes } from 'node:crypto';
import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';

/** Short enough to read in the provider's dashboard, random enough that two orders never meet. */
const shortRandom = () => randomBytes(4).toString('hex');

/**
 * The order id of one subscription period: it names the person, the plan and the first day of
 * the period it pays for (renewal is one invoice per period, never a charge by the provider).
 */
export function subscriptionOrderId(options: {
  userId: string;
  plan: SubscriptionPlan;
  periodStart: Date;
}): string {
  const day = options.periodStart.toISOString().slice(0, 10);
  return `sub:${options.userId}:${options.plan}:${day}:${shortRandom()}`;
}

/** The order id of one credit pack. */
export function creditPackOrderId(options: { userId: string; packageId: string }): string {
  return `pack:${options.userId}:${options.packageId}:${shortRandom()}`;
}
