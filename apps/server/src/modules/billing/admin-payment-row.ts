import type { AdminPayment } from '@nocturne/contract/admin/admin-payments';
import { eq } from 'drizzle-orm';
import { people } from '../auth/people-repository';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { AppError } from '../../lib/app-error';
import type { PaymentRow } from './payment-row';
import { OPEN_PAYMENT_STATUSES } from './payment-status-rank';
import { MANUAL_ORDER_PREFIX } from './manual-order-id';

/** Statuses the reconcile tick asks the provider about once it knows the provider's payment id. */
const RECONCILED_STATUSES: readonly string[] = ['creating', ...OPEN_PAYMENT_STATUSES];

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The console's view of one payment row (email null once the account is deleted). */
export function toAdminPayment(row: PaymentRow, email: string | null): AdminPayment {
  return {
    id: row.id,
    userId: row.userId,
    email,
    kind: row.purpose === 'credits' ? 'credit_pack' : 'plan',
    plan: row.plan,
    packageId: row.packageId,
    credits: row.credits,
    priceAmount: row.priceAmount,
    priceCurrency: row.priceCurrency,
    payCurrency: row.payCurrency,
    actuallyPaid: row.actuallyPaid,
    status: row.status,
    orderId: row.orderId,
    invoiceId: row.invoiceId,
    providerPaymentId: row.providerPaymentId,
    manual: row.orderId.startsWith(MANUAL_ORDER_PREFIX),
    awaitingReconcile: row.providerPaymentId !== null && RECONCILED_STATUSES.includes(row.status),
    grantedAt: iso(row.grantedAt),
    revokedAt: iso(row.revokedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One payment with its person's email, or NOT_FOUND. */
export async function readAdminPayment(
  db: DbHandle,
  paymentId: string,
): Promise<{ row: PaymentRow; payment: AdminPayment }> {
  const [found] = await db
    .select({ row: payments, email: people.email })
    .from(payments)
    .leftJoin(people, eq(people.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!found) throw new AppError('NOT_FOUND');
  return { row: found.row, payment: toAdminPayment(found.row, found.email) };
}
