import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { OPEN_PAYMENT_STATUSES } from './payment-status-rank';

/**
 * Takes up to `limit` open payments the provider has given an id to and nothing has touched for
 * `recheckAfterMs`, and stamps them (updated_at) so other processes' ticks pass over them for that
 * long. SKIP LOCKED lets concurrent ticks split the rows instead of waiting on each other.
 * `creating` counts when an unconfirmed `finished` IPN already named the provider's payment.
 */
export async function claimPaymentsToReconcile(options: {
  db: DbHandle;
  recheckAfterMs: number;
  limit: number;
}) {
  const { db } = options;
  const due = sql`clock_timestamp() - ${`${options.recheckAfterMs} milliseconds`}::interval`;
  const candidates = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNotNull(payments.providerPaymentId),
        inArray(payments.status, ['creating', ...OPEN_PAYMENT_STATUSES]),
        lt(payments.updatedAt, due),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(inArray(payments.id, candidates))
    .returning({
      id: payments.id,
      orderId: payments.orderId,
      status: payments.status,
      providerPaymentId: payments.providerPaymentId,
    });
}
