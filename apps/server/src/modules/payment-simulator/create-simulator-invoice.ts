import type { DbHandle } from '../../db/database';
import { simulatorInvoices } from '../../db/payment-simulator-schema';
import type { CreateInvoiceRequest } from '../payments/nowpayments-wire';

/** Stores a new invoice as POST /v1/invoice does; the row is what the hosted page shows. */
export async function createSimulatorInvoice(options: {
  db: DbHandle;
  request: CreateInvoiceRequest;
}) {
  const { request } = options;
  const [invoice] = await options.db
    .insert(simulatorInvoices)
    .values({
      orderId: request.order_id,
      orderDescription: request.order_description,
      priceAmount: String(request.price_amount),
      priceCurrency: request.price_currency,
      payCurrency: request.pay_currency?.toLowerCase() ?? null,
      ipnCallbackUrl: request.ipn_callback_url,
      successUrl: request.success_url,
      cancelUrl: request.cancel_url,
      partiallyPaidUrl: request.partially_paid_url ?? null,
      isFixedRate: request.is_fixed_rate ?? false,
    })
    .returning();
  if (!invoice) throw new Error('simulator invoice insert returned no row');
  return invoice;
}
