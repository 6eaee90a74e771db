import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simulatorInvoices, simulatorPayments } from './payment-simulator-tables';
import type { SimulatorOutcome } from '../../db/payment-statuses';
import { AppError } from '../../lib/app-error';
import type { PaymentStatus } from '../billing/nowpayments-wire';
import { deliverIpn } from './deliver-ipn';
import { invoiceExpiresAt, type SimulatorInvoice } from './find-simulator-invoice';
import { deliveryOrder, IPN_SEQUENCES, redirectUrl } from './ipn-sequence';
import {
  coinAddress,
  coinAmount,
  DEFAULT_SIMULATOR_COIN,
  findSimulatorCoin,
  type SimulatorCoinCode,
} from './simulator-coins';
import { toIpnBody } from './simulator-wire';

export interface PayOptions {
  outcome: SimulatorOutcome;
  payCurrency?: SimulatorCoinCode;
  duplicates?: boolean;
  outOfOrder?: boolean;
  now?: Date;
}

export interface PayResult {
  payment_id: number;
  outcome: SimulatorOutcome;
  deliveries: { payment_status: PaymentStatus; status_code: number }[];
  redirect_url: string;
}

/**
 * Pays an invoice the way a person on the provider's page would, then plays the provider's IPN
 * sequence for the outcome to the invoice's ipn_callback_url. An invoice pays once (ALREADY_EXISTS
 * after); once its window has closed the only thing that can happen to it is `expired`.
 *
 * Before each IPN the stored status moves forward (never back: a late out-of-order delivery is an
 * old message), because a receiver confirms `finished` by fetching GET /v1/payment/{id}.
 */
export async function paySimulatorInvoice(
  app: FastifyInstance,
  found: SimulatorInvoice,
  options: PayOptions,
): Promise<PayResult> {
  const db = app.database.db;
  const now = options.now ?? new Date();
  const invoiceId = found.id;
  const outcome: SimulatorOutcome = now >= invoiceExpiresAt(found) ? 'expired' : options.outcome;

  const [invoice] = await db
    .update(simulatorInvoices)
    .set({ outcome })
    .where(and(eq(simulatorInvoices.id, invoiceId), isNull(simulatorInvoices.outcome)))
    .returning();
  if (!invoice) throw new AppError('ALREADY_EXISTS', { message: 'This invoice has been paid.' });

  const coin =
    findSimulatorCoin(options.payCurrency ?? invoice.payCurrency) ??
    findSimulatorCoin(DEFAULT_SIMULATOR_COIN)!;
  const payAmount = coinAmount(Number(invoice.priceAmount), coin);
  const [created] = await db
    .insert(simulatorPayments)
    .values({
      invoiceId,
      paymentStatus: 'waiting',
      payAddress: coinAddress(invoiceId, coin),
      payAmount: String(payAmount),
      actuallyPaid: '0',
      payCurrency: coin.code,
    })
    .returning();
  if (!created) throw new Error('simulator payment insert returned no row');

  const sequence = IPN_SEQUENCES[outcome];
  let reached = 0;
  const deliveries: PayResult['deliveries'] = [];
  for (const status of deliveryOrder(outcome, { outOfOrder: options.outOfOrder ?? false })) {
    reached = Math.max(reached, sequence.indexOf(status));
    const current = sequence[reached]!;
    const [payment] = await db
      .update(simulatorPayments)
      .set({ paymentStatus: current, actuallyPaid: String(paidAt(current, payAmount)) })
      .where(eq(simulatorPayments.id, created.id))
      .returning();
    // A late delivery says what was true when the provider sent it, not what is true now.
    const body = toIpnBody(
      { ...payment!, paymentStatus: status, actuallyPaid: String(paidAt(status, payAmount)) },
      invoice,
    );
    const copies = options.duplicates ? 2 : 1;
    const codes = await Promise.all(
      Array.from({ length: copies }, () =>
        deliverIpn({ app, callbackUrl: invoice.ipnCallbackUrl, body }),
      ),
    );
    for (const code of codes) deliveries.push({ payment_status: status, status_code: code });
  }

  return {
    payment_id: created.id,
    outcome,
    deliveries,
    redirect_url: redirectUrl(outcome, invoice),
  };
}

/** What has arrived by the time the payment shows `status`: half of it for a partial payment. */
function paidAt(status: PaymentStatus, payAmount: number): number {
  if (status === 'waiting' || status === 'failed' || status === 'expired') return 0;
  if (status === 'partially_paid') return Math.floor(payAmount * 50_000_000) / 100_000_000;
  return payAmount;
}
