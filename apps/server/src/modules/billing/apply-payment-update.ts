import { eq } from 'drizzle-orm';
import { payments, paymentStatusEvents } from './billing-tables';
import type { DbHandle } from '../../db/database';
import type { RealtimeEvents, UnitOfWork } from '../../db/create-unit-of-work';
import { checkAgainstOrder } from './check-against-order';
import { confirmFinishedPayment } from './confirm-finished-payment';
import { grantPayment } from './grant-payment';
import type { NowPaymentsClient } from './nowpayments-client';
import type { Payment } from './nowpayments-wire';
import type { PaymentRow } from './payment-row';
import { movesForward } from './payment-status-rank';
import { paymentUpdates } from '../process-metrics/process-metrics';
import { revokePayment } from './revoke-payment';
import { settleUnpaidPayment } from './settle-unpaid-payment';

/** What became of one report; IPN deliveries record it (payment_ipn_deliveries.outcome). */
export type PaymentUpdateOutcome = 'applied' | 'duplicate' | 'stale' | `rejected:${string}`;

export interface ApplyPaymentUpdateOptions {
  unitOfWork: UnitOfWork;
  client: NowPaymentsClient;
  /** A verified IPN body, or the provider's own answer to GET /payment/{id}. */
  update: Payment;
  source: 'ipn' | 'reconciliation';
  /**
   * The update is the provider's answer to GET /payment/{id} (reconciliation), so it already is
   * the confirmation a `finished` needs.
   */
  fromProvider?: boolean;
}

/**
 * The payment state machine, shared by the IPN and reconciliation (docs/decisions/015-payments.md).
 * A `finished` is confirmed with the provider before the transaction opens, so a slow provider
 * never holds row locks. Then, in one transaction: the order must exist and agree with the report;
 * (payment id, status) is claimed once; the status must move forward; then the row is updated and
 * what was paid is granted, or what an unpaid or refunded payment means is applied.
 */
export async function applyPaymentUpdate(
  options: ApplyPaymentUpdateOptions,
): Promise<PaymentUpdateOutcome> {
  const { update } = options;
  const confirmation =
    update.payment_status !== 'finished'
      ? undefined
      : options.fromProvider
        ? update
        : await confirmFinishedPayment(options.client, update.payment_id);
  return options.unitOfWork.transaction<PaymentUpdateOutcome>(async (tx, events) => {
    if (!update.order_id) return 'rejected:unknown_order';
    const [row] = await tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, update.order_id))
      .for('update');
    if (!row) return 'rejected:unknown_order';
    const mismatch = checkAgainstOrder(row, update);
    if (mismatch) return `rejected:${mismatch}`;
    if (update.payment_status === 'finished' && !confirms(row, update, confirmation)) {
      // Reconciliation can only ask about a payment whose id it knows.
      if (!row.providerPaymentId) {
        await tx
          .update(payments)
          .set({ providerPaymentId: update.payment_id })
          .where(eq(payments.id, row.id));
      }
      return 'rejected:not_confirmed';
    }
    const [claimed] = await tx
      .insert(paymentStatusEvents)
      .values({
        providerPaymentId: update.payment_id,
        paymentStatus: update.payment_status,
        paymentId: row.id,
        source: options.source,
      })
      .onConflictDoNothing()
      .returning({ paymentId: paymentStatusEvents.paymentId });
    if (!claimed) return 'duplicate';
    if (!movesForward(row.status, update.payment_status)) return 'stale';
    await tx
      .update(payments)
      .set({
        status: update.payment_status,
        providerPaymentId: update.payment_id,
        payCurrency: update.pay_currency ?? row.payCurrency,
        actuallyPaid:
          update.actually_paid === null ? row.actuallyPaid : String(update.actually_paid),
      })
      .where(eq(payments.id, row.id));
    await applyEffects({ tx, events, payment: row, status: update.payment_status });
    events.afterCommit?.(() =>
      paymentUpdates.inc({ status: update.payment_status, source: options.source }),
    );
    return 'applied';
  });
}

/** The provider's own answer says this very payment of this order finished, at our price. */
function confirms(order: PaymentRow, update: Payment, confirmation: Payment | undefined): boolean {
  return (
    confirmation !== undefined &&
    confirmation.payment_status === 'finished' &&
    confirmation.payment_id === update.payment_id &&
    confirmation.order_id === order.orderId &&
    checkAgainstOrder(order, confirmation) === undefined
  );
}

async function applyEffects(options: {
  tx: DbHandle;
  events: RealtimeEvents;
  payment: PaymentRow;
  status: Payment['payment_status'];
}): Promise<void> {
  const { status } = options;
  const now = new Date();
  if (status === 'finished') return grantPayment({ ...options, now });
  if (status === 'refunded') return revokePayment({ ...options, now });
  if (status === 'partially_paid' || status === 'failed' || status === 'expired') {
    return settleUnpaidPayment({ ...options, outcome: status, now });
  }
}
