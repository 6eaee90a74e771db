import type { simulatorInvoices, simulatorPayments } from './payment-simulator-tables';
import { SIMULATOR_PREFIX } from '../billing/payments-config';
import { findSimulatorCoin } from './simulator-coins';

type InvoiceRow = typeof simulatorInvoices.$inferSelect;
type PaymentRow = typeof simulatorPayments.$inferSelect;

/**
 * The simulator's answers at NOWPayments' wire format, which is not consistent and clients must
 * cope with it: an invoice carries its id and price_amount as strings, a payment and an IPN carry
 * numbers.
 */

/** The hosted page, addressed by the invoice's page secret (never by its sequential id). */
export function invoicePageUrl(publicUrl: string, pageToken: string): string {
  return `${publicUrl}${SIMULATOR_PREFIX}/invoice/${pageToken}`;
}

/** POST /v1/invoice answer: the only place the page secret is given out. */
export function toInvoiceWire(invoice: InvoiceRow, pageToken: string, publicUrl: string) {
  return {
    id: String(invoice.id),
    token_id: null,
    order_id: invoice.orderId,
    order_description: invoice.orderDescription,
    price_amount: invoice.priceAmount,
    price_currency: invoice.priceCurrency,
    pay_currency: invoice.payCurrency,
    ipn_callback_url: invoice.ipnCallbackUrl,
    invoice_url: invoicePageUrl(publicUrl, pageToken),
    success_url: invoice.successUrl,
    cancel_url: invoice.cancelUrl,
    customer_email: null,
    partially_paid_url: invoice.partiallyPaidUrl,
    payout_currency: null,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
    is_fixed_rate: invoice.isFixedRate,
    is_fee_paid_by_user: false,
    source: null,
    collect_user_data: false,
  };
}

const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

/** GET /v1/payment/{payment_id} answer. */
export function toPaymentWire(payment: PaymentRow, invoice: InvoiceRow) {
  const actuallyPaid = Number(payment.actuallyPaid);
  return {
    payment_id: payment.id,
    invoice_id: invoice.id,
    payment_status: payment.paymentStatus,
    pay_address: payment.payAddress,
    price_amount: Number(invoice.priceAmount),
    price_currency: invoice.priceCurrency,
    pay_amount: Number(payment.payAmount),
    actually_paid: actuallyPaid,
    pay_currency: payment.payCurrency,
    order_id: invoice.orderId,
    order_description: invoice.orderDescription,
    purchase_id: String(payment.id + 1_000_000_000),
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
    // The provider keeps 0.5 % as its fee on what actually arrived.
    outcome_amount: round(actuallyPaid * 0.995, 8),
    outcome_currency: payment.payCurrency,
  };
}

/** The body POSTed to ipn_callback_url: the payment plus the fields only IPNs carry. */
export function toIpnBody(payment: PaymentRow, invoice: InvoiceRow) {
  const wire = toPaymentWire(payment, invoice);
  const usdRate = findSimulatorCoin(payment.payCurrency)?.usdRate ?? 0;
  return {
    payment_id: wire.payment_id,
    parent_payment_id: null,
    invoice_id: wire.invoice_id,
    payment_status: wire.payment_status,
    pay_address: wire.pay_address,
    payin_extra_id: null,
    price_amount: wire.price_amount,
    price_currency: wire.price_currency,
    pay_amount: wire.pay_amount,
    actually_paid: wire.actually_paid,
    actually_paid_at_fiat: round(wire.actually_paid * usdRate, 2),
    pay_currency: wire.pay_currency,
    order_id: wire.order_id,
    order_description: wire.order_description,
    purchase_id: wire.purchase_id,
    outcome_amount: wire.outcome_amount,
    outcome_currency: wire.outcome_currency,
    payment_extra_ids: null,
    fee: {
      currency: payment.payCurrency,
      depositFee: round(wire.actually_paid * 0.005, 8),
      withdrawalFee: 0,
      serviceFee: 0,
    },
    // The provider's IPNs carry updated_at as epoch milliseconds and no created_at.
    updated_at: payment.updatedAt.getTime(),
  };
}
export type SimulatorIpnBody = ReturnType<typeof toIpnBody>;
