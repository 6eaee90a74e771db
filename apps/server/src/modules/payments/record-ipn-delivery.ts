import type { DbHandle } from '../../db/database';
import { paymentIpnDeliveries } from '../../db/payments-schema';

/** One line of the IPN audit trail: what arrived, whether it was signed, and what became of it. */
export async function recordIpnDelivery(options: {
  db: DbHandle;
  body: unknown;
  signatureValid: boolean;
  outcome: string;
}): Promise<void> {
  const fields =
    options.body !== null && typeof options.body === 'object'
      ? (options.body as Record<string, unknown>)
      : {};
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  await options.db.insert(paymentIpnDeliveries).values({
    signatureValid: options.signatureValid,
    providerPaymentId: text(fields.payment_id),
    paymentStatus: text(fields.payment_status),
    orderId: text(fields.order_id),
    outcome: options.outcome,
    body: options.body ?? null,
  });
}
