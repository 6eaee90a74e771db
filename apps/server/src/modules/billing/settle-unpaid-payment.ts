import { channels } from '@nocturne/contract/realtime/channels';
import type { DbHandle } from '../../db/database';
import { readSubscription, setPlanStanding } from '../subscriptions/subscriptions-repository';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { PaymentRow } from './payment-row';
import { addSubscriptionChangeEvents } from './subscription-change-events';

/**
 * A subscription invoice that ended unpaid. partially_paid / failed: spec §3 "cancelled or the
 * amount received was below the price" — the plan becomes cancelled unless the person still has
 * premium (a failed renewal leaves the paid period running). expired: the attempt lapses; a plan
 * that was pending on it becomes expired. Either way the invoice is no longer the open one.
 * A credit pack that ended unpaid changes nothing but its payment row.
 */
export async function settleUnpaidPayment(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  payment: PaymentRow;
  outcome: 'partially_paid' | 'failed' | 'expired';
  now: Date;
}): Promise<void> {
  const { tx, events, payment, outcome, now } = options;
  if (payment.purpose !== 'subscription') return;
  const current = await readSubscription(tx, payment.userId, { forUpdate: true });
  if (!current) return;
  const wasOpenInvoice = current.pendingPaymentId === payment.id;
  const pendingPaymentId = wasOpenInvoice ? null : current.pendingPaymentId;
  const premium = await hasPremiumAccess({ tx, userId: payment.userId, now });

  if (outcome === 'expired') {
    const lapses = wasOpenInvoice && current.status === 'pending';
    await setPlanStanding(tx, payment.userId, {
      pendingPaymentId,
      ...(lapses ? { status: 'expired' as const } : {}),
    });
    if (lapses) {
      events.add({
        channel: channels.subscription(payment.userId),
        event: 'subscription.expired',
        payload: { status: 'expired' },
      });
    }
    return;
  }

  // An old invoice failing after a newer one was opened must not cancel the newer attempt.
  const cancels = !premium && (wasOpenInvoice || current.pendingPaymentId === null);
  await setPlanStanding(tx, payment.userId, {
    pendingPaymentId,
    ...(cancels ? { status: 'cancelled' as const } : {}),
  });
  if (cancels && current.status !== 'cancelled') {
    addSubscriptionChangeEvents(events, payment.userId, 'cancelled');
  }
}
