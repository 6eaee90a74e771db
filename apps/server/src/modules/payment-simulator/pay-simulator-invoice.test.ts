import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { startSimulatorFixture, type SimulatorFixture } from '../../../test/simulator-fixture';
import { simulatorInvoices } from './payment-simulator-tables';
import { ipnBodySchema } from '../billing/nowpayments-wire';
import { SIMULATOR_PREFIX } from '../billing/payments-config';
import { hashPageToken } from './create-simulator-invoice';

let fixture: SimulatorFixture;
let testApp: TestApp;
const createInvoice: SimulatorFixture['createInvoice'] = (overrides) =>
  fixture.createInvoice(overrides);
const pay: SimulatorFixture['pay'] = (invoice, payload) => fixture.pay(invoice, payload);
const received: SimulatorFixture['received'] = (invoice) => fixture.received(invoice);

beforeAll(async () => {
  fixture = await startSimulatorFixture();
  ({ testApp } = fixture);
});

afterAll(() => fixture.close());

const statusesOf = async (invoice: Parameters<typeof received>[0]) =>
  (await received(invoice)).map((ipn) => ipn.status);

describe('paying an invoice', () => {
  it('sends the signed full-payment sequence to the IPN route', async () => {
    const invoice = await createInvoice();
    const response = await pay(invoice, { outcome: 'finished', pay_currency: 'eth' });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    const sequence = ['waiting', 'confirming', 'confirmed', 'sending', 'finished'];
    expect(result.deliveries).toEqual(
      sequence.map((status) => ({ payment_status: status, status_code: 200 })),
    );
    expect(result.redirect_url).toBe(`${TEST_PUBLIC_URL}/success`);
    const ipns = await received(invoice);
    expect(ipns.map((ipn) => ipn.status)).toEqual(sequence);
    expect(ipns.every((ipn) => ipn.signatureValid)).toBe(true);
    for (const ipn of ipns) {
      const body = ipnBodySchema.parse(ipn.body);
      expect(body.invoice_id).toBe(invoice.id);
      expect(body.order_id).toBe(invoice.order_id);
      expect(body.pay_currency).toBe('eth');
      expect(typeof ipn.body.payment_id).toBe('number');
      expect(typeof ipn.body.updated_at).toBe('number');
      expect(ipn.body.fee).toMatchObject({ currency: 'eth', withdrawalFee: 0 });
    }
    const finished = ipnBodySchema.parse(ipns.at(-1)!.body);
    expect(finished.actually_paid).toBe(finished.pay_amount);

    const raw = await testApp.app.inject({
      method: 'GET',
      url: `${SIMULATOR_PREFIX}/v1/payment/${result.payment_id}`,
      headers: { 'x-api-key': fixture.apiKey },
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

    const again = await pay(invoice, { outcome: 'finished' });
    expect(again.statusCode).toBe(409);
    expect(await received(invoice)).toHaveLength(sequence.length);
  });

  it('sends duplicates concurrently and a late confirming after finished', async () => {
    const invoice = await createInvoice();
    const response = await pay(invoice, {
      outcome: 'finished',
      duplicates: true,
      out_of_order: true,
    });
    const order = ['waiting', 'confirmed', 'sending', 'finished', 'confirming'];
    const doubled = order.flatMap((status) => [status, status]);
    const result = response.json();
    expect(result.deliveries.map((d: { payment_status: string }) => d.payment_status)).toEqual(
      doubled,
    );
    expect(await statusesOf(invoice)).toEqual(doubled);
    expect((await received(invoice)).every((ipn) => ipn.signatureValid)).toBe(true);
    // The late confirming is an old message: the stored payment stays finished.
    const stored = await testApp.app.payments.client.getPayment(String(result.payment_id));
    expect(stored.payment_status).toBe('finished');
  });

  it('underpays on a partial payment and sends the person to partially_paid_url', async () => {
    const invoice = await createInvoice();
    const result = (await pay(invoice, { outcome: 'partially_paid' })).json();
    const ipns = await received(invoice);
    expect(ipns.map((ipn) => ipn.status)).toEqual(['waiting', 'partially_paid']);
    const body = ipnBodySchema.parse(ipns[1]!.body);
    expect(body.actually_paid).toBeGreaterThan(0);
    expect(body.actually_paid!).toBeLessThan(body.pay_amount!);
    expect(result.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment?partial=1`);
  });

  it('fails and expires on request, back to cancel_url', async () => {
    const failed = await createInvoice();
    const failure = (await pay(failed, { outcome: 'failed' })).json();
    expect(await statusesOf(failed)).toEqual(['waiting', 'failed']);
    expect(failure.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment`);

    const expired = await createInvoice();
    const expiry = (await pay(expired, { outcome: 'expired' })).json();
    expect(await statusesOf(expired)).toEqual(['waiting', 'expired']);
    expect(expiry.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment`);
  });

  it('only expires an invoice whose 15-minute window has closed', async () => {
    const invoice = await createInvoice();
    await testApp.database.db
      .update(simulatorInvoices)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(simulatorInvoices.id, Number(invoice.id)));
    const result = (await pay(invoice, { outcome: 'finished' })).json();
    expect(result.outcome).toBe('expired');
    expect(await statusesOf(invoice)).toEqual(['waiting', 'expired']);
    expect(result.redirect_url).toBe(`${TEST_PUBLIC_URL}/failed-payment`);
  });

  it('never calls a stored callback other than the IPN route of this server', async () => {
    const token = randomBytes(32).toString('base64url');
    const invoice = await createInvoice();
    await testApp.database.db
      .update(simulatorInvoices)
      .set({
        ipnCallbackUrl: 'http://127.0.0.1:9/steal',
        pageTokenHash: hashPageToken(token),
      })
      .where(eq(simulatorInvoices.id, Number(invoice.id)));
    const response = await pay(
      { ...invoice, invoice_url: `${TEST_PUBLIC_URL}${SIMULATOR_PREFIX}/invoice/${token}` },
      { outcome: 'failed' },
    );
    expect(response.json().deliveries).toEqual([
      { payment_status: 'waiting', status_code: 0 },
      { payment_status: 'failed', status_code: 0 },
    ]);
    expect(await received(invoice)).toHaveLength(0);
  });

  it('answers 422 for an unknown outcome', async () => {
    const invoice = await createInvoice();
    expect((await pay(invoice, { outcome: 'refunded' })).statusCode).toBe(422);
  });
});
