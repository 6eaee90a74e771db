import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';
import { AppError } from '../../lib/app-error';
import { createNowPaymentsClient } from './nowpayments-client';
import type { CreateInvoiceRequest } from './nowpayments-wire';

const INVOICE: CreateInvoiceRequest = {
  price_amount: 29,
  price_currency: 'usd',
  order_id: 'sub:person:monthly:1',
  order_description: 'Nocturne Premium',
  ipn_callback_url: 'https://nocturne.example/api/v1/payments/nowpayments/ipn',
  success_url: 'https://nocturne.example/success',
  cancel_url: 'https://nocturne.example/failed-payment',
  is_fixed_rate: true,
};

/** The AppError a failed call throws (PAYMENT_PROVIDER_UNAVAILABLE), with its details. */
async function failureOf(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  return error as AppError;
}

describe('the NOWPayments client over HTTP, against the fake provider', () => {
  let provider: FakeNowPayments;
  const client = (apiKey = provider.env.NOWPAYMENTS_API_KEY!) =>
    createNowPaymentsClient({ apiUrl: provider.env.NOWPAYMENTS_API_URL!, apiKey });

  beforeAll(async () => {
    provider = await startFakeNowPayments();
  });
  afterAll(() => provider.close());
  beforeEach(() => {
    provider.state.down = false;
    provider.requests.length = 0;
  });

  it('creates an invoice: the request arrives as sent, the string id and amount come back normalized', async () => {
    const invoice = await client().createInvoice(INVOICE);
    expect(provider.requests).toEqual([INVOICE]);
    expect(invoice).toMatchObject({ order_id: INVOICE.order_id, price_amount: 29 });
    expect(invoice.id).toMatch(/^\d+$/);
    expect(invoice.invoice_url).toContain(invoice.id);
  });

  it('reads a stored payment and the API status', async () => {
    provider.setPayment({
      payment_id: 5_077_125_051,
      payment_status: 'finished',
      price_amount: 29,
      price_currency: 'usd',
      order_id: INVOICE.order_id,
    });
    expect(await client().getPayment('5077125051')).toMatchObject({
      payment_id: '5077125051',
      payment_status: 'finished',
    });
    expect(provider.calls.at(-1)).toBe('5077125051');
    expect(await client().getStatus()).toEqual({ message: 'OK' });
  });

  it("refuses a wrong or missing key with the provider's 403, and nothing is recorded", async () => {
    for (const apiKey of ['not-the-key', '']) {
      const refused = await failureOf(client(apiKey).createInvoice(INVOICE));
      expect(refused.details).toMatchObject({ status: 403 });
      expect(JSON.parse(String(refused.details?.body))).toEqual({
        status: false,
        statusCode: 403,
        code: 'INVALID_API_KEY',
        message: 'Invalid api key',
      });
    }
    expect(provider.requests).toEqual([]);
  });

  it('answers an unknown payment with 404 and a malformed invoice with 400', async () => {
    const unknown = await failureOf(client().getPayment('404404'));
    expect(unknown.details).toMatchObject({ status: 404 });
    expect(JSON.parse(String(unknown.details?.body))).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    const malformed = { ...INVOICE, price_amount: 'lots' } as unknown as CreateInvoiceRequest;
    const refused = await failureOf(client().createInvoice(malformed));
    expect(refused.details).toMatchObject({ status: 400 });
    expect(JSON.parse(String(refused.details?.body))).toMatchObject({
      statusCode: 400,
      code: 'INVALID_REQUEST_PARAMS',
    });
    expect(provider.requests).toEqual([]);
  });

  it('is unreachable while down: the connection closes without an answer', async () => {
    provider.state.down = true;
    const down = await failureOf(client().createInvoice(INVOICE));
    expect(down.details).toMatchObject({ reason: 'no answer' });
  });
});
