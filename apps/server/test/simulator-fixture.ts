import type { LightMyRequestResponse } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentIpnDeliveries } from '../src/modules/billing/billing-tables';
import { IPN_PATH, SIMULATOR_PREFIX } from '../src/modules/billing/payments-config';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './create-test-app';

export interface ReceivedIpn {
  status: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  outcome: string;
}

export type WireInvoice = Record<string, unknown> & { id: string; invoice_url: string };

export interface SimulatorFixture {
  testApp: TestApp;
  /** The simulator's x-api-key on this app. */
  apiKey: string;
  /** POST /v1/invoice with a monthly plan's fields, calling back this server's IPN route. */
  createInvoice(overrides?: Record<string, unknown>): Promise<WireInvoice>;
  /** POST /invoices/{page secret}/pay, the secret taken from the invoice's invoice_url. */
  pay(invoice: WireInvoice, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** What the IPN route received for the invoice's order, in arrival order (its audit rows). */
  received(invoice: WireInvoice): Promise<ReceivedIpn[]>;
  close(): Promise<void>;
}

/** The page secret at the end of an invoice_url. */
export function pageTokenOf(invoice: WireInvoice): string {
  return new URL(invoice.invoice_url).pathname.split('/').at(-1)!;
}

/** The app with its simulator; the IPNs it sends land on the app's own IPN route. */
export async function startSimulatorFixture(): Promise<SimulatorFixture> {
  const testApp = await createTestApp();
  const { app } = testApp;
  const apiKey = app.payments.config.apiKey;
  return {
    testApp,
    apiKey,
    async createInvoice(overrides = {}) {
      const response = await app.inject({
        method: 'POST',
        url: `${SIMULATOR_PREFIX}/v1/invoice`,
        headers: { 'x-api-key': apiKey },
        payload: {
          price_amount: 29,
          price_currency: 'usd',
          order_id: `order-${Math.random()}`,
          order_description: 'Nocturne Premium (monthly)',
          ipn_callback_url: `${TEST_PUBLIC_URL}${IPN_PATH}`,
          success_url: `${TEST_PUBLIC_URL}/success`,
          cancel_url: `${TEST_PUBLIC_URL}/failed-payment`,
          partially_paid_url: `${TEST_PUBLIC_URL}/failed-payment?partial=1`,
          is_fixed_rate: true,
          ...overrides,
        },
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    },
    pay(invoice, payload) {
      return app.inject({
        method: 'POST',
        url: `${SIMULATOR_PREFIX}/invoices/${pageTokenOf(invoice)}/pay`,
        payload,
      });
    },
    async received(invoice) {
      const rows = await testApp.database.db
        .select()
        .from(paymentIpnDeliveries)
        .where(eq(paymentIpnDeliveries.orderId, String(invoice.order_id)))
        .orderBy(asc(paymentIpnDeliveries.receivedAt));
      return rows.map((row) => ({
        status: String(row.paymentStatus),
        body: row.body as Record<string, unknown>,
        signatureValid: row.signatureValid,
        outcome: row.outcome,
      }));
    },
    close: () => testApp.close(),
  };
}
