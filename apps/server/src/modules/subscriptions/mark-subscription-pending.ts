import type { SubscriptionPlan } from '@nocturne/contract/subscriptions/subscription-plans';
import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { subscriptions } from './subscriptions-tables';
import { isPremiumRow, type SubscriptionRow } from './check-subscription-eligibility';

/**
 * Points the person's subscription at a new invoice. Without premium the plan becomes `pending`
 * for the plan bought; an active plan being renewed (or moved to lifetime) stays active as it is
 * until the payment finishes. Answers how to undo it while the invoice does not exist yet.
 */
export async function markSubscriptionPending(options: {
  tx: DbHandle;
  userId: string;
  current: SubscriptionRow | undefined;
  plan: SubscriptionPlan;
  paymentId: string;
  now: Date;
}): Promise<(tx: DbHandle) => Promise<void>> {
  const { tx, userId, current, plan, paymentId, now } = options;
  if (!current) {
    await tx.insert(subscriptions).values({
      userId,
      plan,
      status: 'pending',
      isLifetime: false,
      pendingPaymentId: paymentId,
    });
  } else if (isPremiumRow(current, now)) {
    await tx
      .update(subscriptions)
      .set({ pendingPaymentId: paymentId })
      .where(eq(subscriptions.userId, userId));
  } else {
    await tx
      .update(subscriptions)
      .set({ plan, status: 'pending', pendingPaymentId: paymentId })
      .where(eq(subscriptions.userId, userId));
  }

  // Only while the row still points at this payment: anything else has moved on since.
  return async (undoTx) => {
    const ours = and(
      eq(subscriptions.userId, userId),
      eq(subscriptions.pendingPaymentId, paymentId),
    );
    if (!current) {
      await undoTx.delete(subscriptions).where(ours);
      return;
    }
    await undoTx
      .update(subscriptions)
      .set({
        plan: current.plan,
        status: current.status,
        pendingPaymentId: current.pendingPaymentId,
      })
      .where(ours);
  };
}
