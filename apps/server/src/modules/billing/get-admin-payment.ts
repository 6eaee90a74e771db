import {
  ADMIN_PAYMENT_DELIVERIES_MAX,
  type GetAdminPaymentResponse,
} from '@nocturne/contract/admin/admin-payments';
import { asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { paymentIpnDeliveries, paymentStatusEvents } from './billing-tables';
import { readSubscription } from '../subscriptions/subscriptions-repository';
import type { PaymentRow } from './payment-row';
import { readAdminPayment } from './admin-payment-row';

function grantedBy(row: PaymentRow): GetAdminPaymentResponse['granted'] {
  if (!row.grantedAt) return null;
  const credits = row.purpose === 'credits';
  return {
    kind: credits ? 'credits' : 'plan',
    plan: row.plan,
    periodEnd: row.grantedPeriodEnd?.toISOString() ?? null,
    credits: credits ? row.credits : null,
    at: row.grantedAt.toISOString(),
  };
}

/**
 * GET /api/v1/admin/payments/{id}: the payment, each status applied to it (oldest first), the IPN
 * deliveries that named its order or one of its provider payments (newest first), what it
 * granted and the person's subscription now.
 */
export async function getAdminPayment(options: {
  db: DbHandle;
  paymentId: string;
}): Promise<GetAdminPaymentResponse> {
  const { db } = options;
  const { row, payment } = await readAdminPayment(db, options.paymentId);
  const [history, plan] = await Promise.all([
    db
      .select()
      .from(paymentStatusEvents)
      .where(eq(paymentStatusEvents.paymentId, row.id))
      .orderBy(asc(paymentStatusEvents.processedAt)),
    readSubscription(db, row.userId),
  ]);
  const providerIds = [
    ...new Set([
      ...history.map((event) => event.providerPaymentId),
      ...(row.providerPaymentId ? [row.providerPaymentId] : []),
    ]),
  ];
  const deliveries = await db
    .select()
    .from(paymentIpnDeliveries)
    .where(
      or(
        eq(paymentIpnDeliveries.orderId, row.orderId),
        providerIds.length > 0
          ? inArray(paymentIpnDeliveries.providerPaymentId, providerIds)
          : undefined,
      ),
    )
    .orderBy(desc(paymentIpnDeliveries.receivedAt))
    .limit(ADMIN_PAYMENT_DELIVERIES_MAX);
  return {
    payment,
    statusHistory: history.map((event) => ({
      status: event.paymentStatus,
      providerPaymentId: event.providerPaymentId,
      source: event.source,
      at: event.processedAt.toISOString(),
    })),
    ipnDeliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      receivedAt: delivery.receivedAt.toISOString(),
      claimedStatus: delivery.paymentStatus,
      providerPaymentId: delivery.providerPaymentId,
      signatureValid: delivery.signatureValid,
      outcome: delivery.outcome,
      statusCode: delivery.statusCode,
    })),
    granted: grantedBy(row),
    subscription: plan
      ? {
          plan: plan.plan,
          status: plan.status,
          isLifetime: plan.isLifetime,
          expiresAt: plan.expiresAt?.toISOString() ?? null,
        }
      : null,
  };
}
