import { OVERVIEW_MONEY_DAYS } from '@nocturne/contract/admin/overview';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { paymentIpnDeliveries, payments } from './billing-tables';
import { OPEN_PAYMENT_STATUSES } from './payment-status-rank';
import { RECHECK_AFTER_MS } from './reconcile-payments';

/**
 * The payments a credit ledger row may name (a pack's grant or refund), as the credit history
 * joins them to show the pack: a read-only view under the table's own name.
 */
export const ledgerPayments = new QueryBuilder()
  .select({ id: payments.id, packageId: payments.packageId })
  .from(payments)
  .as('payments');

/** The person's payments in their export, oldest first. */
export async function exportPaymentsOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => toExportRecord(payments, row));
}

/**
 * A deleted person's payments stay in the books under `pseudonym`: their user id and order ids,
 * and the IPN audit rows that quote those order ids (they carry no user id column), in the
 * deletion's transaction.
 */
export async function pseudonymizePayments(
  tx: DbHandle,
  userId: string,
  pseudonym: string,
): Promise<void> {
  await tx
    .update(paymentIpnDeliveries)
    .set({
      orderId: sql`replace(${paymentIpnDeliveries.orderId}, ${userId}, ${pseudonym})`,
      body: sql`replace(${paymentIpnDeliveries.body}::text, ${userId}, ${pseudonym})::jsonb`,
    })
    .where(
      inArray(
        paymentIpnDeliveries.orderId,
        tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.userId, userId)),
      ),
    );
  await tx
    .update(payments)
    .set({
      userId: pseudonym,
      orderId: sql`replace(${payments.orderId}, ${userId}, ${pseudonym})`,
    })
    .where(eq(payments.userId, userId));
}

/** The person's latest payments, newest first (the console's person page). */
export function readRecentPayments(db: DbHandle, userId: string, limit: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

const ago = (amount: number, unit: string) => sql`now() - ${`${amount} ${unit}`}::interval`;

/** What was paid over the overview's money window, per currency (the console's overview). */
export function readRevenue(db: DbHandle) {
  return db
    .select({
      currency: payments.priceCurrency,
      amount: sql<string>`sum(${payments.priceAmount})::text`,
      payments: count().mapWith(Number),
      packs: sql<number>`count(*) filter (where ${payments.purpose} = 'credits')`.mapWith(Number),
    })
    .from(payments)
    .where(
      and(isNotNull(payments.grantedAt), gt(payments.grantedAt, ago(OVERVIEW_MONEY_DAYS, 'days'))),
    )
    .groupBy(payments.priceCurrency)
    .orderBy(payments.priceCurrency);
}

const seconds = (column: unknown) => sql<number | null>`extract(epoch from now() - min(${column}))`;

/**
 * Open payments with a provider id that are due for a check with the provider, and how long the
 * least recently checked one has waited (the service's gauges).
 */
export function readOpenPayments(db: DbHandle) {
  const due = sql`now() - ${`${RECHECK_AFTER_MS} milliseconds`}::interval`;
  return db
    .select({
      due: sql<number>`count(*) filter (where ${payments.updatedAt} < ${due})`.mapWith(Number),
      oldest: seconds(payments.updatedAt).mapWith(Number),
    })
    .from(payments)
    .where(
      and(
        isNotNull(payments.providerPaymentId),
        inArray(payments.status, ['creating', ...OPEN_PAYMENT_STATUSES]),
      ),
    )
    .then(([row]) => row);
}
