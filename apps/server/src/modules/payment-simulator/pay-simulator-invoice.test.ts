import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import {
  startSimulatorFixture,
  type ReceivedIpn,
  type SimulatorFixture,
} from '../../../test/simulator-fixture';
import { simulatorInvoices } from '../../db/payment-simulator-schema';
import { ipnBodySchema } from '../payments/nowpayments-wire';
import { IPN_PATH, SIMULATOR_PREFIX } from '../payments/payments-config';

let fixture: SimulatorFixture;
let testApp: TestApp;
let received: ReceivedIpn[];
const createInvoice: SimulatorFixture['createInvoice'] = (overrides) =>
  fixture.createInvoice(overrides);
const pay: SimulatorFixture['pay'] = (invoiceId, payload) => fixture.pay(invoiceId, payload);

beforeAll(async () => {
  fixture = await startSimulatorFixture();
  ({ testApp, received } = fixture);
});

afterAll(() => fixture.close());

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
