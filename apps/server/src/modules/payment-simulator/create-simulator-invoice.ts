import { createHash, randomBytes } from 'node:crypto';
import type { DbHandle } from '../../db/database';
import { simulatorInvoices } from './payment-simulator-tables';
import type { CreateInvoiceRequest } from '../billing/nowpayments-wire';

/** The stored form of a page secret: its SHA-256, hex. */
export function hashPageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a new invoice as POST /v1/invoice does; the row is what the hosted page shows. The
 * invoice keeps the provider's numeric id (sequential, on the wire as a string), and gets a
 * 256-bit page secret that addresses its page and pay controls: the answer's invoice_url is the
 * only place it appears (the row keeps its hash).
 */
export async function createSimulatorInvoice(options: {
  db: DbHandle;
  request: CreateInvoiceRequest;
}) {
  const { request } = options;
  const pageToken = randomBytes(32).toString('base64url');
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
      pageTokenHash: hashPageToken(pageToken),
    })
    .returning();
  if (!invoice) throw new Error('simulator invoice insert returned no row');
  return { invoice, pageToken };
}
