import type { PaymentRowStatus } from '../../db/payment-statuses';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { applyPaymentUpdate, type PaymentUpdateOutcome } from './apply-payment-update';
import type { NowPaymentsClient } from './nowpayments-client';
import type { Payment } from './nowpayments-wire';

/** `unchanged`: the provider says what the row says; `other_order`: its answer names another order. */
export type ReconcileOneOutcome = PaymentUpdateOutcome | 'unchanged' | 'other_order';

/**
 * Asks the provider about one payment and feeds a new answer through the IPN's state machine, so
 * whichever path sees a status first applies it and a payment grants once. Used by the reconcile
 * tick for each claimed row and by an operator's "reconcile now". Provider failures propagate
 * (PAYMENT_PROVIDER_UNAVAILABLE).
 */
export async function reconcileOnePayment(options: {
  unitOfWork: UnitOfWork;
  client: NowPaymentsClient;
  row: { orderId: string; status: PaymentRowStatus; providerPaymentId: string };
}): Promise<{ outcome: ReconcileOneOutcome; answer: Payment }> {
  const { row } = options;
  const answer = await options.client.getPayment(row.providerPaymentId);
  if (answer.order_id !== row.orderId) return { outcome: 'other_order', answer };
  if (answer.payment_status === row.status) return { outcome: 'unchanged', answer };
  const outcome = await applyPaymentUpdate({
    unitOfWork: options.unitOfWork,
    client: options.client,
    update: answer,
    source: 'reconciliation',
    fromProvider: true,
  });
  return { outcome, answer };
}
