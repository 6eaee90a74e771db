import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { startSimulatorFixture, type SimulatorFixture } from '../../../test/simulator-fixture';
import { IPN_PATH, SIMULATOR_PREFIX } from '../billing/payments-config';

let fixture: SimulatorFixture;
let testApp: TestApp;
const createInvoice: SimulatorFixture['createInvoice'] = (overrides) =>
  fixture.createInvoice(overrides);

beforeAll(async () => {
  fixture = await startSimulatorFixture();
  ({ testApp } = fixture);
});

afterAll(() => fixture.close());

describe('NOWPayments simulator API', () => {
  it('answers GET /v1/status and refuses a missing or wrong x-api-key like the provider', async () => {
    expect(await testApp.app.payments.client.getStatus()).toEqual({ message: 'OK' });
    for (const headers of [{}, { 'x-api-key': 'anything' }, { 'x-api-key': 'simulator' }]) {
      const refused = await testApp.app.inject({
        method: 'GET',
        url: `${SIMULATOR_PREFIX}/v1/status`,
        headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: false, code: 'INVALID_API_KEY' });
    }
    const invoice = await testApp.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PREFIX}/v1/invoice`,
      headers: { 'x-api-key': 'anything' },
      payload: { price_amount: 29 },
    });
    expect(invoice.statusCode).toBe(403);
  });

  it('creates invoices with string ids and price_amount, parsed by the client', async () => {
    const raw = await createInvoice();
    expect(raw.id).toMatch(/^\d+$/);
    expect(raw.price_amount).toBe('29');
    expect(raw.invoice_url).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}${SIMULATOR_PREFIX}/invoice/[A-Za-z0-9_-]{43}$`),
    );
    expect(new Date(String(raw.created_at)).toISOString()).toBe(raw.created_at);

    const invoice = await testApp.app.payments.client.createInvoice({
      price_amount: 4.99,
      price_currency: 'usd',
      order_id: 'credits-pack-1',
      order_description: 'Starter pack',
      ipn_callback_url: `${TEST_PUBLIC_URL}${IPN_PATH}`,
      success_url: `${TEST_PUBLIC_URL}/success`,
      cancel_url: `${TEST_PUBLIC_URL}/failed-payment`,
    });
    expect(invoice.price_amount).toBe(4.99);
    expect(Number(invoice.id)).toBe(Number(raw.id) + 1);
    expect(invoice.invoice_url).not.toBe(raw.invoice_url);
  });

  it('refuses an invalid invoice request with the provider error body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PREFIX}/v1/invoice`,
      headers: { 'x-api-key': fixture.apiKey },
      payload: { price_amount: -1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST_PARAMS' });
  });

  it('answers 404 for an unknown payment', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/v1/payment/123`,
      headers: { 'x-api-key': fixture.apiKey },
    });
    expect(response.statusCode).toBe(404);
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

  it('escapes the order description', async () => {
    const invoice = await createInvoice({ order_description: '<img src=x onerror=alert(1)>' });
    const page = await testApp.app.inject({
      method: 'GET',
      url: new URL(invoice.invoice_url).pathname,
    });
    expect(page.body).toContain('&lt;img src=x');
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
