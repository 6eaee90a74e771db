import { createServer } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { SIMULATOR_PREFIX } from '../src/modules/payments/payments-config';
import { IPN_SIGNATURE_HEADER } from '../src/modules/payments/nowpayments-wire';
import { verifyIpnSignature } from '../src/modules/payments/sign-ipn-body';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './create-test-app';

export interface ReceivedIpn {
  status: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  /** What GET /v1/payment/{id} said while this IPN was being received. */
  storedStatus: string;
}

export interface SimulatorFixture {
  testApp: TestApp;
  /** An HTTP server standing for Nocturne's IPN endpoint: it records what arrives. */
  receiverUrl: string;
  received: ReceivedIpn[];
  /** POST /v1/invoice with a monthly plan's fields, calling back to the receiver. */
  createInvoice(
    overrides?: Record<string, unknown>,
  ): Promise<Record<string, unknown> & { id: string }>;
  /** POST /invoices/{id}/pay after forgetting earlier deliveries. */
  pay(invoiceId: string, payload: Record<string, unknown>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The app with its simulator, plus a receiver that checks each IPN's signature on arrival. */
export async function startSimulatorFixture(): Promise<SimulatorFixture> {
  const testApp = await createTestApp();
  const { app } = testApp;
  const received: ReceivedIpn[] = [];
  const receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const signature = request.headers[IPN_SIGNATURE_HEADER] as string | undefined;
      const stored = await app.payments.client.getPayment(String(body.payment_id));
      received.push({
        status: String(body.payment_status),
        body,
        signatureValid: verifyIpnSignature(body, signature, app.payments.config.ipnSecret),
        storedStatus: stored.payment_status,
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`;

  return {
    testApp,
    receiverUrl,
    received,
    async createInvoice(overrides = {}) {
      const response = await app.inject({
        method: 'POST',
        url: `${SIMULATOR_PREFIX}/v1/invoice`,
        headers: { 'x-api-key': 'anything' },
        payload: {
          price_amount: 29,
          price_currency: 'usd',
          order_id: `order-${Math.random()}`,
          order_description: 'Nocturne Premium (monthly)',
          ipn_callback_url: receiverUrl,
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
    pay(invoiceId, payload) {
      received.length = 0;
      return app.inject({
        method: 'POST',
        url: `${SIMULATOR_PREFIX}/invoices/${invoiceId}/pay`,
        payload,
      });
    },
    async close() {
      await new Promise((resolve) => receiver.close(resolve));
      await testApp.close();
    },
  };
}
