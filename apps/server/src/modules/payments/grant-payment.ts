import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments, subscriptions } from '../../db/payments-schema';
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
    grantedPeriodEnd = await activateSubscription({ tx, payment, now });
    addSubscriptionChangeEvents(events, payment.userId, 'activated');
  }
  await tx
    .update(payments)
    .set({ grantedAt: now, grantedPeriodEnd })
    .where(eq(payments.id, payment.id));
}

/** Answers the new end of the paid period (null for lifetime). */
async function activateSubscription(options: {
  tx: DbHandle;
  payment: PaymentRow;
  now: Date;
}): Promise<Date | null> {
  const { tx, payment, now } = options;
  const clearPending = sql`case when ${subscriptions.pendingPaymentId} = ${payment.id}
    then null else ${subscriptions.pendingPaymentId} end`;
  if (payment.plan === 'lifetime') {
    const lifetime = {
      plan: 'lifetime',
      status: 'active',
      isLifetime: true,
      expiresAt: null,
    } as const;
    await tx
      .insert(subscriptions)
      .values({ userId: payment.userId, ...lifetime, activatedAt: now })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { ...lifetime, activatedAt: now, pendingPaymentId: clearPending },
      });
    return null;
  }
  const nowIso = now.toISOString();
  // A lifetime plan stays lifetime; a monthly one runs from its current end when that is later.
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: payment.userId,
      plan: 'monthly',
      status: 'active',
      isLifetime: false,
      expiresAt: sql`${nowIso}::timestamptz + interval '1 month'`,
      activatedAt: now,
    })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        plan: sql`case when ${subscriptions.isLifetime} then 'lifetime' else 'monthly' end`,
        status: 'active',
        expiresAt: sql`case when ${subscriptions.isLifetime} then null else
          greatest(coalesce(${subscriptions.expiresAt}, ${nowIso}::timestamptz), ${nowIso}::timestamptz)
          + interval '1 month' end`,
        activatedAt: now,
        pendingPaymentId: clearPending,
      },
    })
    .returning({ expiresAt: subscriptions.expiresAt });
  return row?.expiresAt ?? null;
}
