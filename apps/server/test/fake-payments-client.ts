import { AppError } from '../src/lib/app-error';
import type { NowPaymentsClient } from '../src/modules/payments/nowpayments-client';
import type { CreateInvoiceRequest, Invoice } from '../src/modules/payments/nowpayments-wire';

/**
 * Stands in for NOWPayments in checkout tests: records every createInvoice request and answers
 * an invoice at the documented shape; `down` makes it fail as the real client does when the
 * provider cannot be reached, `delayMs` holds each answer back (concurrency tests).
 */
export function createFakePaymentsClient() {
  const requests: CreateInvoiceRequest[] = [];
  const state = { down: false, delayMs: 0 };
  let nextId = 5_000_000;
  const client: NowPaymentsClient = {
    async createInvoice(request) {
      requests.push(request);
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.down) {
        throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { details: { reason: 'test' } });
      }
      nextId += 1;
      const now = new Date().toISOString();
      const invoice: Invoice = {
        id: String(nextId),
        order_id: request.order_id,
        order_description: request.order_description,
        price_amount: request.price_amount,
        price_currency: request.price_currency,
        invoice_url: `https://nowpayments.example/payment/?iid=${nextId}`,
        created_at: now,
        updated_at: now,
      };
      return invoice;
    },
    getPayment() {
      return Promise.reject(new Error('not used by checkout tests'));
    },
    getStatus() {
      return Promise.resolve({ message: 'OK' });
    },
  };
  return { client, requests, state };
}
