import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { activatePlan } from '../subscriptions/subscriptions-repository';
import { grantCredits } from '../credits/grant-credits';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { PaymentRow } from './payment-row';
import { addSubscriptionChangeEvents } from './subscription-change-events';

/**
 * Grants what a confirmed, finished payment bought, once per payment row (`granted_at`): a
 * monthly period from `max(now, expires_at)` (calendar month, PostgreSQL's interval arithmetic
 * clamps Jan 31 to Feb 28), lifetime access, or the pack's credits. The caller holds the row lock.
 */
export async function grantPayment(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  payment: PaymentRow;
  now: Date;
}): Promise<void> {
  const { tx, events, payment, now } = options;
  if (payment.grantedAt) return;
  let grantedPeriodEnd: Date | null = null;
  if (payment.purpose === 'credits') {
    await grantCredits({
      tx,
      events,
      userId: payment.userId,
      amount: payment.credits ?? 0,
      reason: 'topup',
      idempotencyKey: `payment:${payment.id}`,
    });
  } else {
    grantedPeriodEnd = await activatePlan({
      tx,
      userId: payment.userId,
      plan: payment.plan === 'lifetime' ? 'lifetime' : 'monthly',
      paymentId: payment.id,
      now,
    });
    addSubscriptionChangeEvents(events, payment.userId, 'activated');
  }
  await tx
    .update(payments)
    .set({ grantedAt: now, grantedPeriodEnd })
    .where(eq(payments.id, payment.id));
}
