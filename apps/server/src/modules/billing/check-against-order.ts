import type { PaymentRow } from './payment-row';

/** What the provider reports about a payment, as far as it must agree with our order. */
export interface ReportedPrice {
  price_amount: number;
  price_currency: string;
  invoice_id?: string | null;
}

/**
 * Why a provider report does not belong to this order (undefined when it does): the amount must
 * equal the order's to the cent, the currency match ignoring case, and the invoice be ours.
 */
export function checkAgainstOrder(
  order: PaymentRow,
  reported: ReportedPrice,
): 'amount_mismatch' | 'currency_mismatch' | 'invoice_mismatch' | undefined {
  if (Math.round(Number(order.priceAmount) * 100) !== Math.round(reported.price_amount * 100)) {
    return 'amount_mismatch';
  }
  if (order.priceCurrency.toLowerCase() !== reported.price_currency.toLowerCase()) {
    return 'currency_mismatch';
  }
  if (order.invoiceId && reported.invoice_id && order.invoiceId !== reported.invoice_id) {
    return 'invoice_mismatch';
  }
  return undefined;
}
