import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyerPool } from '../../../test/checkout-buyers';
import { TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import {
  pageTokenOf,
  startSimulatorFixture,
  type SimulatorFixture,
} from '../../../test/simulator-fixture';
import { simulatorInvoices } from './payment-simulator-tables';
import { paymentIpnDeliveries, payments } from '../billing/billing-tables';
import { IPN_PATH, SIMULATOR_PREFIX } from '../billing/payments-config';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { SIMULATOR_FAVICON } from './render-invoice-page';

let fixture: SimulatorFixture;
let testApp: TestApp;
let pool: Awaited<ReturnType<typeof createBuyerPool>>;

beforeAll(async () => {
  fixture = await startSimulatorFixture();
  ({ testApp } = fixture);
  pool = await createBuyerPool(testApp, { size: 2, prefix: 'simulator-owner' });
});

afterAll(() => fixture.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload });

/** Checks out as a signed-in person; answers the invoice_url the app gave them. */
async function checkout(token: string, url: string, payload: object) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ invoice_url: string }>().invoice_url;
}

/** Opens the invoice page as the browser does and presses "Pay in full". */
async function payInFull(invoiceUrl: string) {
  const page = await inject('GET', new URL(invoiceUrl).pathname);
  expect(page.statusCode).toBe(200);
  const payUrl = /data-pay-url="([^"]+)"/.exec(page.body)![1]!;
  return inject('POST', payUrl, { outcome: 'finished' });
}

describe("the owner's invoice", () => {
  it('the invoice page has a favicon its CSP lets load (no request for /favicon.ico)', async () => {
    const buyer = await pool.next();
    const invoiceUrl = await checkout(buyer.token, '/api/v1/subscriptions/create', {});
    const page = await inject('GET', new URL(invoiceUrl).pathname);
    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.body)?.[1];
    expect(icon).toBe(SIMULATOR_FAVICON);
    expect(decodeURIComponent(icon!.slice('data:image/svg+xml,'.length))).toMatch(/^<svg /);
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src[^;]*data:/);
  });

  it('a signed-in person pays their plan from the invoice_url they got: premium', async () => {
    const buyer = await pool.next();
    const invoiceUrl = await checkout(buyer.token, '/api/v1/subscriptions/create', {});
    const paid = await payInFull(invoiceUrl);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirect_url).toBe(`${TEST_PUBLIC_URL}/success`);
    expect(await hasPremiumAccess({ tx: testApp.database.db, userId: buyer.userId })).toBe(true);
    const [row] = await testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, buyer.userId));
    // finished is granted only once GET /v1/payment confirms it: the simulator's stored status
    // moved before the IPN was sent.
    const audit = await testApp.database.db
      .select({ status: paymentIpnDeliveries.paymentStatus, outcome: paymentIpnDeliveries.outcome })
      .from(paymentIpnDeliveries)
      .where(eq(paymentIpnDeliveries.orderId, row!.orderId));
    expect(audit).toHaveLength(5);
    expect(audit.find((entry) => entry.status === 'finished')?.outcome).toBe('applied');
  });

  it('a signed-in person pays a credit pack: the credits arrive', async () => {
    const buyer = await pool.next();
    const before = (await readCreditLedger(testApp.database.db, buyer.userId)).balance ?? 0;
    const invoiceUrl = await checkout(buyer.token, '/api/v1/credits/topup', {
      package_id: 'starter',
    });
    const paid = await payInFull(invoiceUrl);
    expect(paid.statusCode).toBe(200);
    // The page the person lands on names what was bought.
    expect(paid.json().redirect_url).toBe(`${TEST_PUBLIC_URL}/success?credits=50`);
    const ledger = await readCreditLedger(testApp.database.db, buyer.userId);
    expect(ledger.balance).toBe(before + 50);
  });
});

describe('a stranger', () => {
  it('cannot open or pay an invoice by its id or a guessed secret; the owner still can', async () => {
    const invoice = await fixture.createInvoice();
    const token = pageTokenOf(invoice);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const guesses = [invoice.id, altered, randomBytes(32).toString('base64url'), 'x'.repeat(60)];
    for (const guess of guesses) {
      expect((await inject('GET', `${SIMULATOR_PREFIX}/invoice/${guess}`)).statusCode).toBe(404);
      for (const outcome of ['finished', 'failed', 'expired']) {
        const attempt = await inject('POST', `${SIMULATOR_PREFIX}/invoices/${guess}/pay`, {
          outcome,
        });
        expect(attempt.statusCode).toBe(404);
        expect(attempt.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
    }
    expect(await fixture.received(invoice)).toHaveLength(0);
    const [stored] = await testApp.database.db
      .select({ outcome: simulatorInvoices.outcome })
      .from(simulatorInvoices)
      .where(eq(simulatorInvoices.id, Number(invoice.id)));
    expect(stored?.outcome).toBeNull();
    expect((await fixture.pay(invoice, { outcome: 'failed' })).statusCode).toBe(200);
  });

  const own = TEST_PUBLIC_URL;
  it.each([
    ['ipn_callback_url', 'https://evil.example/ipn'],
    ['ipn_callback_url', 'http://169.254.169.254/latest/meta-data'],
    ['ipn_callback_url', `${own}/api/v1/subscriptions/create`],
    ['ipn_callback_url', `${own}${IPN_PATH}?to=elsewhere`],
    ['ipn_callback_url', `http://localhost:3001${IPN_PATH}`],
    ['ipn_callback_url', `http://someone@localhost:3000${IPN_PATH}`],
    ['success_url', 'https://evil.example/welcome'],
    ['cancel_url', 'https://localhost:3000/failed-payment'],
    ['partially_paid_url', 'http://localhost.evil.example:3000/'],
  ])('cannot create an invoice whose %s is %s', async (field, url) => {
    const invoices = async () =>
      (await testApp.database.db.select({ n: count() }).from(simulatorInvoices))[0]!.n;
    const before = await invoices();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${SIMULATOR_PREFIX}/v1/invoice`,
      headers: { 'x-api-key': fixture.apiKey },
      payload: {
        price_amount: 29,
        price_currency: 'usd',
        order_id: 'order-foreign',
        order_description: 'Nocturne Premium (monthly)',
        ipn_callback_url: `${own}${IPN_PATH}`,
        success_url: `${own}/success`,
        cancel_url: `${own}/failed-payment`,
        [field]: url,
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string }>();
    expect(body).toMatchObject({ status: false, statusCode: 400, code: 'INVALID_REQUEST_PARAMS' });
    expect(body.message).toMatch(new RegExp(`^${field}: the simulator only .* this server`));
    expect(await invoices()).toBe(before);
  });
});
