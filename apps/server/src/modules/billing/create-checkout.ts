import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { lockPersonVerified } from '../auth/people-repository';
import type { AppDb, DbHandle } from '../../db/database';
import { payments } from './billing-tables';
import { readSubscription } from '../subscriptions/subscriptions-repository';
import { AppError } from '../../lib/app-error';
import {
  checkSubscriptionEligibility,
  subscriptionPeriodStart,
} from '../subscriptions/check-subscription-eligibility';
import { markSubscriptionPending } from '../subscriptions/mark-subscription-pending';
import { findLiveCheckout, type CheckoutItem } from './checkout-live-invoice';
import { describeCheckoutOrder } from './checkout-order';
import type { NowPaymentsClient } from './nowpayments-client';
import { IPN_PATH, type PaymentsConfig } from './payments-config';

/** How long a second request waits for the invoice another request of the person is creating. */
const WAIT_FOR_CREATING_MS = 15_000;
const WAIT_STEP_MS = 100;

type Prepared =
  | { kind: 'live'; invoiceUrl: string }
  | { kind: 'busy' }
  | {
      kind: 'created';
      paymentId: string;
      orderId: string;
      priceUsd: number;
      description: string;
      credits: number | null;
      undo: (tx: DbHandle) => Promise<void>;
    };

/**
 * One checkout, for a plan or a credit pack: the `payments` row is committed (status `creating`)
 * before the provider is called, so an IPN that arrives early finds its order; then the invoice,
 * whose URL the person pays at. Every step runs under a lock on the person, so two requests at
 * once give one invoice: the second answers the first's. When the provider fails, the row and
 * the subscription change are undone and PAYMENT_PROVIDER_UNAVAILABLE reaches the person.
 */
export async function createCheckout(options: {
  db: AppDb;
  payments: { config: PaymentsConfig; client: NowPaymentsClient };
  userId: string;
  item: CheckoutItem;
  now?: () => Date;
}): Promise<{ invoiceUrl: string; reused: boolean }> {
  const { db, userId, item } = options;
  const { config, client } = options.payments;
  const clock = options.now ?? (() => new Date());

  const waitUntil = Date.now() + WAIT_FOR_CREATING_MS;
  let prepared = await db.transaction((tx) => prepare(tx, userId, item, config, clock()));
  while (prepared.kind === 'busy') {
    if (Date.now() > waitUntil) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
        details: { reason: 'a concurrent checkout did not finish', userId },
      });
    }
    await sleep(WAIT_STEP_MS);
    prepared = await db.transaction((tx) => prepare(tx, userId, item, config, clock()));
  }
  if (prepared.kind === 'live') return { invoiceUrl: prepared.invoiceUrl, reused: true };

  const { paymentId, orderId, priceUsd, description, credits, undo } = prepared;
  // The page the person lands on after paying names a pack's credits (?credits=N).
  const successQuery = credits === null ? '' : `?credits=${credits}`;
  let invoice;
  try {
    invoice = await client.createInvoice({
      price_amount: priceUsd,
      price_currency: 'usd',
      order_id: orderId,
      order_description: description,
      ipn_callback_url: `${config.publicUrl}${IPN_PATH}`,
      success_url: `${config.publicUrl}/success${successQuery}`,
      cancel_url: `${config.publicUrl}/failed-payment`,
      partially_paid_url: `${config.publicUrl}/failed-payment`,
      is_fixed_rate: true,
    });
  } catch (error) {
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await tx
        .delete(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'creating')));
      await undo(tx);
    });
    throw error;
  }

  // An IPN may already have moved the row on: never set it back to `waiting`.
  await db
    .update(payments)
    .set({
      invoiceId: invoice.id,
      invoiceUrl: invoice.invoice_url,
      status: sql`case when ${payments.status} = 'creating' then 'waiting' else ${payments.status} end`,
    })
    .where(eq(payments.id, paymentId));
  return { invoiceUrl: invoice.invoice_url, reused: false };
}

async function lockUser(tx: DbHandle, userId: string) {
  const row = await lockPersonVerified(tx, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

async function prepare(
  tx: DbHandle,
  userId: string,
  item: CheckoutItem,
  config: PaymentsConfig,
  now: Date,
): Promise<Prepared> {
  const { emailVerified } = await lockUser(tx, userId);
  if (!emailVerified) {
    throw new AppError('VALIDATION_ERROR', {
      message:
        item.purpose === 'subscription'
          ? 'Please verify your email address before subscribing.'
          : 'Please verify your email address before buying credits.',
    });
  }
  const current = item.purpose === 'subscription' ? await readSubscription(tx, userId) : undefined;
  if (item.purpose === 'subscription') {
    checkSubscriptionEligibility({ current, plan: item.plan, now });
  }

  const live = await findLiveCheckout({ tx, userId, item, now });
  if (live?.status === 'creating' || (live && !live.invoiceUrl)) return { kind: 'busy' };
  if (live?.invoiceUrl) {
    // The plan may point at another invoice since (monthly, then lifetime, then monthly again):
    // the status must show the one the person is about to pay.
    if (item.purpose === 'subscription' && current?.pendingPaymentId !== live.id) {
      await markSubscriptionPending({
        tx,
        userId,
        current,
        plan: item.plan,
        paymentId: live.id,
        now,
      });
    }
    return { kind: 'live', invoiceUrl: live.invoiceUrl };
  }

  const order = describeCheckoutOrder({
    userId,
    item,
    config,
    periodStart:
      item.purpose === 'subscription'
        ? subscriptionPeriodStart({ current, plan: item.plan, now })
        : now,
  });
  const [inserted] = await tx
    .insert(payments)
    .values({
      userId,
      purpose: item.purpose,
      plan: item.purpose === 'subscription' ? item.plan : null,
      packageId: order.packageId,
      credits: order.credits,
      orderId: order.orderId,
      priceAmount: order.priceUsd.toFixed(2),
      priceCurrency: 'usd',
      status: 'creating',
    })
    .returning({ id: payments.id });
  if (!inserted) throw new Error('payments insert returned no row');
  const undo =
    item.purpose === 'subscription'
      ? await markSubscriptionPending({
          tx,
          userId,
          current,
          plan: item.plan,
          paymentId: inserted.id,
          now,
        })
      : async () => {};
  return {
    kind: 'created',
    paymentId: inserted.id,
    orderId: order.orderId,
    priceUsd: order.priceUsd,
    description: order.description,
    credits: order.credits,
    undo,
  };
}
