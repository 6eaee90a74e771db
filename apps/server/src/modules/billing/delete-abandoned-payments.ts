import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { plansAwaitingPayment } from '../subscriptions/subscriptions-repository';

/** A row whose invoice was never created this long after checkout began never will be. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes checkout rows the provider never heard of (the invoice call failed or the process died
 * in between): no invoice, no provider payment, older than an hour, and not the open invoice of
 * a subscription (its status page still points at it). Answers how many went.
 */
export async function deleteAbandonedPayments(options: { db: DbHandle }): Promise<number> {
  const cutoff = sql`now() - ${`${ABANDONED_AFTER_MS} milliseconds`}::interval`;
  const deleted = await options.db
    .delete(payments)
    .where(
      and(
        eq(payments.status, 'creating'),
        isNull(payments.invoiceId),
        isNull(payments.providerPaymentId),
        lt(payments.createdAt, cutoff),
        notExists(plansAwaitingPayment(options.db, payments.id)),
      ),
    )
    .returning({ id: payments.id });
  return deleted.length;
}
