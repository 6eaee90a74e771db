import type { Logger } from '../../lib/create-logger';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import { expireLapsedSubscriptions } from '../subscriptions/expire-lapsed-subscriptions';
import { claimPaymentsToReconcile } from './claim-payments-to-reconcile';
import { deleteAbandonedPayments } from './delete-abandoned-payments';
import { deleteOldIpnDeliveries } from './delete-old-ipn-deliveries';
import { tryLockPaymentsTick } from './lock-payments-tick';
import type { NowPaymentsClient } from './nowpayments-client';
import { reconcileOnePayment } from './reconcile-one-payment';

/** An IPN normally arrives within seconds; a payment quiet this long is asked about. */
export const RECHECK_AFTER_MS = 60_000;
const BATCH_SIZE = 50;

export interface ReconcileResult {
  /** False when another process held the tick: this one did nothing. */
  ran: boolean;
  checked: number;
  applied: number;
  expiredSubscriptions: number;
  deletedPayments: number;
  deletedIpnDeliveries: number;
}

/**
 * One tick of the payments schedule: asks the provider about open payments (an IPN may have been
 * lost) and feeds each answer through the same state machine as the IPN, so a payment is granted
 * once whichever path sees it first; expires lapsed monthly plans; drops abandoned checkout rows
 * and IPN audit rows past their retention.
 *
 * One process acts per tick: the database part (claim, expiry, cleanup) runs under an advisory
 * lock that other processes' concurrent ticks skip, and the claim stamps the rows so a later tick
 * elsewhere passes over them until they are due again. The provider is asked after that
 * transaction commits, so a slow provider holds no locks.
 */
export async function reconcilePayments(options: {
  unitOfWork: UnitOfWork;
  client: NowPaymentsClient;
  logger: Logger;
  /** IPN_AUDIT_RETENTION_DAYS. */
  ipnAuditRetentionDays: number;
  recheckAfterMs?: number;
}): Promise<ReconcileResult> {
  const { unitOfWork, client, logger } = options;
  const tick = await unitOfWork.transaction(async (tx, events) => {
    if (!(await tryLockPaymentsTick(tx))) return undefined;
    const claimed = await claimPaymentsToReconcile({
      db: tx,
      recheckAfterMs: options.recheckAfterMs ?? RECHECK_AFTER_MS,
      limit: BATCH_SIZE,
    });
    const expired = await expireLapsedSubscriptions({ tx, events });
    const deletedPayments = await deleteAbandonedPayments({ db: tx });
    const deletedIpnDeliveries = await deleteOldIpnDeliveries({
      db: tx,
      retentionDays: options.ipnAuditRetentionDays,
    });
    return { claimed, expiredSubscriptions: expired.length, deletedPayments, deletedIpnDeliveries };
  });
  if (!tick) {
    return {
      ran: false,
      checked: 0,
      applied: 0,
      expiredSubscriptions: 0,
      deletedPayments: 0,
      deletedIpnDeliveries: 0,
    };
  }
  let applied = 0;
  for (const row of tick.claimed) {
    try {
      const { outcome, answer } = await reconcileOnePayment({
        unitOfWork,
        client,
        row: { ...row, providerPaymentId: row.providerPaymentId! },
      });
      if (outcome === 'other_order') {
        logger.warn({ paymentId: row.id, answer }, 'provider payment belongs to another order');
        continue;
      }
      if (outcome === 'unchanged') continue;
      if (outcome === 'applied') applied += 1;
      logger.info({ paymentId: row.id, status: answer.payment_status, outcome }, 'reconciled');
    } catch (error) {
      logger.warn({ err: error, paymentId: row.id }, 'payment reconciliation failed');
    }
  }
  return {
    ran: true,
    checked: tick.claimed.length,
    applied,
    expiredSubscriptions: tick.expiredSubscriptions,
    deletedPayments: tick.deletedPayments,
    deletedIpnDeliveries: tick.deletedIpnDeliveries,
  };
}
