import type { AppDb } from '../src/db/database';
import { paymentIpnDeliveries, payments } from '../src/modules/billing/billing-tables';
import { subscriptions } from '../src/modules/subscriptions/subscriptions-tables';

/**
 * A person's payment history as the checkout and the IPN leave it: an active monthly plan, the
 * finished invoice that paid for it, a credit pack still waiting, and the IPN that finished the
 * plan (its body quotes the order id, which names the person).
 */
export async function seedPayments(db: AppDb, userId: string) {
  const expiresAt = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
  const planOrderId = `sub:${userId}:monthly:2026-11-01:0a1b2c3d`;
  const packOrderId = `pack:${userId}:creator:4e5f6a7b`;
  const [plan, pack] = await db
    .insert(payments)
    .values([
      {
        userId,
        purpose: 'subscription',
        plan: 'monthly',
        orderId: planOrderId,
        priceAmount: '29.00',
        invoiceId: `inv-${planOrderId}`,
        invoiceUrl: 'https://nowpayments.example/payment/?iid=1',
        status: 'finished',
        grantedAt: new Date(),
        grantedPeriodEnd: expiresAt,
      },
      {
        userId,
        purpose: 'credits',
        packageId: 'creator',
        credits: 200,
        orderId: packOrderId,
        priceAmount: '14.99',
        invoiceId: `inv-${packOrderId}`,
        invoiceUrl: 'https://nowpayments.example/payment/?iid=2',
        status: 'waiting',
      },
    ])
    .returning();
  await db.insert(subscriptions).values({
    userId,
    plan: 'monthly',
    status: 'active',
    expiresAt,
    activatedAt: new Date(),
    pendingPaymentId: pack!.id,
  });
  await db.insert(paymentIpnDeliveries).values({
    signatureValid: true,
    providerPaymentId: `pay-${userId}`,
    paymentStatus: 'finished',
    orderId: planOrderId,
    outcome: 'applied',
    body: { payment_id: `pay-${userId}`, payment_status: 'finished', order_id: planOrderId },
  });
  return { plan: plan!, pack: pack!, expiresAt };
}
