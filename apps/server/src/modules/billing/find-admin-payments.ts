import type {
  FindAdminPaymentsQuery,
  FindAdminPaymentsResponse,
} from '@nocturne/contract/admin/admin-payments';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { containing } from '../../db/like-pattern';
import { people } from '../auth/people-repository';
import type { DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { toAdminPayment } from './admin-payment-row';
import { manualOrderId } from './manual-order-id';

function paymentsWhere(query: FindAdminPaymentsQuery): SQL | undefined {
  const search =
    query.q === ''
      ? undefined
      : or(
          ilike(people.email, containing(query.q)),
          eq(payments.userId, query.q),
          eq(payments.orderId, query.q),
          eq(payments.orderId, manualOrderId(query.q)),
          eq(payments.providerPaymentId, query.q),
          eq(payments.invoiceId, query.q),
        );
  return and(query.status ? eq(payments.status, query.status) : undefined, search);
}

/**
 * GET /api/v1/admin/payments: newest first, by status, and by the person's email (any part) or id,
 * the order id, the provider's payment or invoice id, or a hand grant's reference.
 */
export async function findAdminPayments(options: {
  db: DbHandle;
  query: FindAdminPaymentsQuery;
}): Promise<FindAdminPaymentsResponse> {
  const { db, query } = options;
  const where = paymentsWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: payments, email: people.email })
      .from(payments)
      .leftJoin(people, eq(people.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(payments)
      .leftJoin(people, eq(people.id, payments.userId))
      .where(where),
  ]);
  return {
    payments: rows.map(({ row, email }) => toAdminPayment(row, email)),
    total: total?.total ?? 0,
  };
}
