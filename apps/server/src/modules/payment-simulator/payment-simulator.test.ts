import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { simulatorInvoices } from '../../db/payment-simulator-schema';
import { ipnBodySchema, IPN_SIGNATURE_HEADER } from '../payments/nowpayments-wire';
import { IPN_PATH, SIMULATOR_PREFIX } from '../payments/payments-config';
import { verifyIpnSignature } from '../payments/sign-ipn-body';

interface Received {
  status: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  /** What GET /v1/payment/{id} said while this IPN was being received. */
  storedStatus: string;
}

let testApp: TestApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  const { app } = testApp;
  receiver = createServer((request, response) => {
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
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ipn`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await testApp.close();
});

async function createInvoice(overrides: Record<string, unknown> = {}) {
  const response = await testApp.app.inject({
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
  return response.json<Record<string, unknown> & { id: string }>();
}

async function pay(invoiceId: string, payload: Record<string, unknown>) {
  received.length = 0;
  return testApp.app.inject({
    method: 'POST',
    url: `${SIMULATOR_PREFIX}/invoices/${invoiceId}/pay`,
    payload,
  });
}

describe('NOWPayments simulator API', () => {
  it('answers GET /v1/status and refuses calls without an x-api-key like the provider', async () => {
    expect(await testApp.app.payments.client.getStatus()).toEqual({ message: 'OK' });
    const refused = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/v1/status`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false, code: 'INVALID_API_KEY' });
  });

  it('creates invoices with string ids and price_amount, parsed by the client', async () => {
    const raw = await createInvoice();
    expect(typeof raw.id).toBe('string');
    expect(raw.price_amount).toBe('29');
    expect(raw.invoice_url).toBe(`${TEST_PUBLIC_URL}${SIMULATOR_PREFIX}/invoice/${raw.id}`);
    expect(new Date(String(raw.created_at)).toISOString()).toBe(raw.created_at);

    const invoice = await testApp.app.payments.client.createInvoice({
      price_amount: 4.99,
      price_currency: 'usd',
      order_id: 'credits-pack-1',
      order_description: 'Starter pack',
      ipn_callback_url: receiverUrl,
      success_url: `${TEST_PUBLIC_URL}/success`,
      cancel_url: `${TEST_PUBLIC_URL}/failed-payment`,
    });
    expect(invoice.price_amount).toBe(4.99);
    expect(Number(invoice.id)).toBe(Number(raw.id) + 1);
  });

  it('refuses an invalid invoice request with the provider error body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PREFIX}/v1/invoice`,
      headers: { 'x-api-key': 'anything' },
      payload: { price_amount: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST_PARAMS' });
  });

  it('answers 404 for an unknown payment', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/v1/payment/123`,
      headers: { 'x-api-key': 'anything' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('paying an invoice', () => {
  it('sends the signed full-payment sequence, updating the payment before each IPN', async () => {
    const invoice = await createInvoice();
    const response = await pay(invoice.id, { outcome: 'finished', pay_currency: 'eth' });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    const sequence = ['waiting', 'confirming', 'confirmed', 'sending', 'finished'];
    expect(result.deliveries).toEqual(
      sequence.map((status) => ({ payment_status: status, status_code: 200 })),
    );
    expect(result.redirect_url).toBe(`${TEST_PUBLIC_URL}/success`);
    expect(received.map((ipn) => ipn.status)).toEqual(sequence);
    expect(received.map((ipn) => ipn.storedStatus)).toEqual(sequence);
    expect(received.every((ipn) => ipn.signatureValid)).toBe(true);
    for (const ipn of received) {
      const body = ipnBodySchema.parse(ipn.body);
      expect(body.invoice_id).toBe(invoice.id);
      expect(body.order_id).toBe(invoice.order_id);
      expect(body.pay_currency).toBe('eth');
      expect(typeof ipn.body.payment_id).toBe('number');
      expect(typeof ipn.body.updated_at).toBe('number');
      expect(ipn.body.fee).toMatchObject({ currency: 'eth', withdrawalFee: 0 });
    }
    const finished = ipnBodySchema.parse(received.at(-1)!.body);
    expect(finished.actually_paid).toBe(finished.pay_amount);

    const raw = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/v1/payment/${result.payment_id}`,
      headers: { 'x-api-key': 'anything' },
    });
    expect(raw.json()).toMatchObject({
      payment_id: result.payment_id,
      payment_status: 'finished',
      price_amount: 29,
      price_currency: 'usd',
      pay_currency: 'eth',
      order_id: invoice.order_id,
    });
    expect(typeof raw.json().pay_amount).toBe('number');

    const again = await pay(invoice.id, { outcome: 'finished' });
    expect(again.statusCode).toBe(409);
    expect(received).toHaveLength(0);
  });

  it('sends duplicates concurrently and a late confirming after finished', async () => {
    const invoice = await createInvoice();
    const response = await pay(invoice.id, {
      outcome: 'finished',
      duplicates: true,
      out_of_order: true,
    });
    const order = ['waiting', 'confirmed', 'sending', 'finished', 'confirming'];
    expect(
      response.json().deliveries.map((d: { payment_status: string }) => d.payment_status),
    ).toEqual(order.flatMap((status) => [status, status]));
    expect(received.map((ipn) => ipn.status)).toEqual(order.flatMap((status) => [status, status]));
    const late = received.filter((ipn) => ipn.status === 'confirming');
    expect(late.map((ipn) => ipn.storedStatus)).toEqual(['finished', 'finished']);
    expect(received.every((ipn) => ipn.signatureValid)).toBe(true);
  });

  it('underpays on a partial payment and sends the person to partially_paid_url', async () => {
    const invoice = await createInvoice();
    const result = (await pay(invoice.id, { outcome: 'partially_paid' })).json();
    expect(received.map((ipn) => ipn.status)).toEqual(['waiting', 'partially_paid']);
    const body = ipnBodySchema.parse(received[1]!.body);
    expect(body.actually_paid).toBeGreaterThan(0);
    expect(body.actually_paid!).toBeLessThan(body.pay_amount!);
    expect(result.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment?partial=1`);
  });

  it('fails and expires on request, back to cancel_url', async () => {
    const failed = await createInvoice();
    const failure = (await pay(failed.id, { outcome: 'failed' })).json();
    expect(received.map((ipn) => ipn.status)).toEqual(['waiting', 'failed']);
    expect(failure.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment`);

    const expired = await createInvoice();
    const expiry = (await pay(expired.id, { outcome: 'expired' })).json();
    expect(received.map((ipn) => ipn.status)).toEqual(['waiting', 'expired']);
    expect(expiry.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment`);
  });

  it('only expires an invoice whose 15-minute window has closed', async () => {
    const invoice = await createInvoice();
    await testApp.database.db
      .update(simulatorInvoices)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(simulatorInvoices.id, Number(invoice.id)));
    const result = (await pay(invoice.id, { outcome: 'finished' })).json();
    expect(result.outcome).toBe('expired');
    expect(received.map((ipn) => ipn.status)).toEqual(['waiting', 'expired']);
    expect(result.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment`);
  });

  it('delivers to a callback on its own origin in-process', async () => {
    const invoice = await createInvoice({ ipn_callback_url: `${TEST_PUBLIC_URL}${IPN_PATH}` });
    const result = (await pay(invoice.id, { outcome: 'failed' })).json();
    expect(received).toHaveLength(0);
    expect(result.deliveries).toHaveLength(2);
    for (const delivery of result.deliveries) expect(delivery.status_code).not.toBe(0);
  });

  it('answers 404 for an unknown invoice and 422 for an unknown outcome', async () => {
    expect((await pay('999', { outcome: 'finished' })).statusCode).toBe(404);
    const invoice = await createInvoice();
    expect((await pay(invoice.id, { outcome: 'refunded' })).statusCode).toBe(422);
  });
});

describe('the hosted invoice page', () => {
  it('shows the simulator notice, price, coins and countdown, with its script as a file', async () => {
    const invoice = await createInvoice();
    const page = await testApp.app.inject({
      method: 'GET',
      url: new URL(String(invoice.invoice_url)).pathname,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      'NOCTURNE NOWPAYMENTS SIMULATOR',
      'No real money moves',
      '$29.00',
      'Nocturne Premium (monthly)',
      'Bitcoin',
      'Ethereum',
      'XRP',
      'Tether USDT',
      'Litecoin',
      'Pay in full',
      'Pay partially',
      'Fail',
      'Let it expire',
      'Send duplicate IPNs',
      'Send IPNs out of order',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).not.toMatch(/<script>/);
    const src = /<script src="([^"]+)"/.exec(page.body)![1]!;
    const script = await testApp.app.inject({ method: 'GET', url: src });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('escapes the order description and answers 404 for an unknown invoice', async () => {
    const invoice = await createInvoice({ order_description: '<img src=x onerror=alert(1)>' });
    const page = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/invoice/${invoice.id}`,
    });
    expect(page.body).toContain('&lt;img src=x');
    const missing = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/invoice/1`,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('with a real NOWPayments API key', () => {
  it('does not serve the simulator at all', async () => {
    const real = await createTestApp({
      database: testApp.database,
      env: { NOWPAYMENTS_API_KEY: 'real-key', NOWPAYMENTS_IPN_SECRET: 'real-secret' },
    });
    try {
      expect(real.app.payments.config.simulated).toBe(false);
      for (const url of [
        `${SIMULATOR_PREFIX}/v1/status`,
        `${SIMULATOR_PREFIX}/invoice/4000000001`,
        `${SIMULATOR_PREFIX}/assets/invoice-page.js`,
      ]) {
        const response = await real.app.inject({
          method: 'GET',
          url,
          headers: { 'x-api-key': 'real-key' },
        });
        expect(response.statusCode).toBe(404);
      }
      const pay = await real.app.inject({
        method: 'POST',
        url: `${SIMULATOR_PREFIX}/invoices/4000000001/pay`,
        payload: { outcome: 'finished' },
      });
      expect(pay.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
