import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import {
  cancelLifetimePlan,
  readSubscription,
  setPlanStanding,
  shortenPlanByAMonth,
} from '../subscriptions/subscriptions-repository';
import { applyCreditChange } from '../credits/apply-credit-change';
import { readCreditBalance } from '../credits/repository/read-credit-balance';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { PaymentRow } from './payment-row';
import { addSubscriptionChangeEvents } from './subscription-change-events';

/**
 * Takes back what a refunded payment granted, once (`revoked_at`): lifetime access ends; a
 * monthly payment's month comes off the plan's end (expired when nothing is left); a pack's
 * credits come back as far as they are unspent (spent credits bought generations that happened,
 * and a balance never goes below 0). The caller holds the payment row lock.
 */
export async function revokePayment(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  payment: PaymentRow;
  now: Date;
}): Promise<void> {
  const { tx, events, payment, now } = options;
  if (!payment.grantedAt || payment.revokedAt) return;
  if (payment.purpose === 'credits') {
    await takeBackCredits({ tx, events, payment });
  } else {
    await shortenSubscription({ tx, events, payment, now });
  }
  await tx.update(payments).set({ revokedAt: now }).where(eq(payments.id, payment.id));
}

async function takeBackCredits(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  payment: PaymentRow;
}): Promise<void> {
  const { tx, payment } = options;
  const balance = await readCreditBalance(tx, payment.userId, { forUpdate: true });
  const amount = Math.min(payment.credits ?? 0, balance);
  if (amount <= 0) return;
  await applyCreditChange({
    tx,
    events: options.events,
    userId: payment.userId,
    amount: -amount,
    reason: 'adjustment',
    idempotencyKey: `payment:${payment.id}:refund`,
  });
}

async function shortenSubscription(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  payment: PaymentRow;
  now: Date;
}): Promise<void> {
  const { tx, events, payment, now } = options;
  const current = await readSubscription(tx, payment.userId, { forUpdate: true });
  if (!current) return;
  if (payment.plan === 'lifetime') {
    if (!current.isLifetime) return;
    await cancelLifetimePlan(tx, payment.userId);
    if (current.status === 'active')
      addSubscriptionChangeEvents(events, payment.userId, 'cancelled');
    return;
  }
  // A later lifetime purchase is not undone by refunding an earlier month.
  if (current.isLifetime || !current.expiresAt) return;
  const expiresAt = await shortenPlanByAMonth(tx, payment.userId);
  if (expiresAt && expiresAt > now) return;
  await setPlanStanding(tx, payment.userId, { status: 'expired' });
  if (current.status === 'active') addSubscriptionChangeEvents(events, payment.userId, 'expired');
}
