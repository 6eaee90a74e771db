import type { ReconcileAdminPaymentResponse } from '@nocturne/contract/admin/admin-payments';
import type { DbHandle } from '../../../db/database';
import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { AppError } from '../../../lib/app-error';
import type { NowPaymentsClient } from '../../billing/nowpayments-client';
import { reconcileOnePayment, type ReconcileOneOutcome } from '../../billing/reconcile-one-payment';
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';
import { readAdminPayment } from '../../billing/admin-payment-row';

/**
 * A unit of work whose transactions also write the audit row, from what the work answered: the
 * state machine's change and the operator's audit row commit together or not at all.
 */
function auditing(
  unitOfWork: UnitOfWork,
  audit: (tx: DbHandle, outcome: ReconcileOneOutcome) => Promise<void>,
): UnitOfWork {
  return {
    ...unitOfWork,
    transaction: (work) =>
      unitOfWork.transaction(async (tx, events) => {
        const result = await work(tx, events);
        await audit(tx, result as ReconcileOneOutcome);
        return result;
      }),
  };
}

/**
 * POST /api/v1/admin/payments/{id}/reconcile: asks the provider now, through the reconcile tick's
 * own path (reconcileOnePayment), and answers what came of it. Audited as `payment_reconcile`
 * with the status before and after; a provider that does not answer changes nothing (503).
 */
export async function reconcileAdminPayment(options: {
  unitOfWork: UnitOfWork;
  db: DbHandle;
  client: NowPaymentsClient;
  operator: RequestOperator;
  paymentId: string;
}): Promise<ReconcileAdminPaymentResponse> {
  const { db, operator } = options;
  const { row } = await readAdminPayment(db, options.paymentId);
  if (!row.providerPaymentId) throw new AppError('PAYMENT_NOT_RECONCILABLE');
  let audited = false;
  const audit = async (tx: DbHandle, outcome: ReconcileOneOutcome) => {
    audited = true;
    const after = await readAdminPayment(tx, row.id);
    await recordAdminAction(tx, {
      operator,
      action: 'payment_reconcile',
      targetUserId: row.userId,
      reason: null,
      before: { paymentId: row.id, status: row.status },
      after: { paymentId: row.id, status: after.payment.status, outcome },
    });
  };
  const { outcome, answer } = await reconcileOnePayment({
    unitOfWork: auditing(options.unitOfWork, audit),
    client: options.client,
    row: { orderId: row.orderId, status: row.status, providerPaymentId: row.providerPaymentId },
  });
  if (!audited) await options.unitOfWork.transaction((tx) => audit(tx, outcome));
  const { payment } = await readAdminPayment(db, row.id);
  const [kind, detail] = outcome.split(':') as [string, string | undefined];
  return {
    outcome: kind as ReconcileAdminPaymentResponse['outcome'],
    detail: detail ?? null,
    previousStatus: row.status,
    providerStatus: answer.payment_status,
    payment,
  };
}
