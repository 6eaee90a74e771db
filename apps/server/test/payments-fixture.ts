import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../src/db/database';
import { payments } from '../src/modules/billing/billing-tables';
import { subscriptions } from '../src/modules/subscriptions/subscriptions-tables';
import type { PaymentStatus } from '../src/modules/billing/nowpayments-wire';
import { IPN_PATH } from '../src/modules/billing/payments-config';
import { signIpnBody } from '../src/modules/billing/sign-ipn-body';

export interface TestOrder {
  id: string;
  orderId: string;
  invoiceId: string;
  userId: string;
  priceAmount: string;
}

/** A payments row as checkout leaves it once the invoice exists. */
export async function insertTestPayment(
  db: AppDb,
  options: {
    userId: string;
    purpose?: 'subscription' | 'credits';
    plan?: 'monthly' | 'lifetime';
    credits?: number;
    priceAmount?: string;
    status?: typeof payments.$inferInsert.status;
    providerPaymentId?: string;
    pendingOnSubscription?: boolean;
  },
): Promise<TestOrder> {
  const purpose = options.purpose ?? 'subscription';
  const orderId = `test:${options.userId}:${randomUUID()}`;
  const invoiceId = String(Math.floor(Math.random() * 1e10));
  const priceAmount = options.priceAmount ?? (purpose === 'credits' ? '14.99' : '29.00');
  const [row] = await db
    .insert(payments)
    .values({
      userId: options.userId,
      purpose,
      plan: purpose === 'subscription' ? (options.plan ?? 'monthly') : null,
      packageId: purpose === 'credits' ? 'creator' : null,
      credits: purpose === 'credits' ? (options.credits ?? 200) : null,
      orderId,
      priceAmount,
      invoiceId,
      invoiceUrl: `https://nowpayments.io/payment/?iid=${invoiceId}`,
      status: options.status ?? 'waiting',
      providerPaymentId: options.providerPaymentId,
    })
    .returning({ id: payments.id });
  if (options.pendingOnSubscription) {
    await db
      .insert(subscriptions)
      .values({
        userId: options.userId,
        plan: options.plan ?? 'monthly',
        status: 'pending',
        pendingPaymentId: row!.id,
      })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { pendingPaymentId: row!.id } });
  }
  return { id: row!.id, orderId, invoiceId, userId: options.userId, priceAmount };
}

/** An IPN body as NOWPayments sends it for `order` (with the `fee` object and string ids). */
export function ipnBodyFor(
  order: TestOrder,
  status: PaymentStatus,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    payment_id: 5_000_000_000 + Number(order.invoiceId.slice(0, 6)),
    invoice_id: Number(order.invoiceId),
    parent_payment_id: null,
    payment_status: status,
    pay_address: '0x9d5e0f2b7c1a',
    price_amount: Number(order.priceAmount),
    price_currency: 'usd',
    pay_amount: 0.0123,
    actually_paid: status === 'finished' ? 0.0123 : 0,
    actually_paid_at_fiat: 0,
    pay_currency: 'eth',
    order_id: order.orderId,
    order_description: 'Nocturne Premium',
    purchase_id: '5837122679',
    outcome_amount: 0.0119,
    outcome_currency: 'eth',
    payin_extra_id: null,
    fee: { currency: 'eth', depositFee: 0.0001, withdrawalFee: 0, serviceFee: 0.0002 },
    ...overrides,
  };
}

/** Posts `body` to the IPN endpoint signed with `secret` (no header when secret is null). */
export function postIpn(app: FastifyInstance, body: unknown, secret: string | null) {
  return app.inject({
    method: 'POST',
    url: IPN_PATH,
    headers: secret === null ? {} : { 'x-nowpayments-sig': signIpnBody(body, secret) },
    payload: body as Record<string, unknown>,
  });
}

/** Collects what the app publishes from now on (after commit, as sockets would get it). */
export function capturePublished(app: FastifyInstance): RealtimeEvent[] {
  const list: RealtimeEvent[] = [];
  app.realtime.publish = (event) => void list.push(event);
  return list;
}

export async function readSubscription(db: AppDb, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function readPayment(db: AppDb, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}
