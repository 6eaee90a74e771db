import { createHash } from 'node:crypto';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIpnDeliveries } from './billing-tables';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertTestUser } from '../../../test/insert-test-user';
import { insertTestPayment, ipnBodyFor } from '../../../test/payments-fixture';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';
import { IPN_AUDIT_HEAD_BYTES, IPN_BODY_LIMIT_BYTES } from './ipn-body-tap';
import { IPN_PATH } from './payments-config';
import { signIpnBody } from './sign-ipn-body';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the IPN audit trail', () => {
  let ctx: TestApp;
  let secret: string;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    ctx = await createTestApp({ env: provider.env });
    secret = ctx.app.payments.config.ipnSecret;
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  const db = () => ctx.database.db;
  /** POSTs `raw` as it is, with the signature header when one is given. */
  const deliver = (raw: string, signature?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: IPN_PATH,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-nowpayments-sig': signature }),
      },
      payload: raw,
    });
  const rowsWithHash = (hash: string) =>
    db().select().from(paymentIpnDeliveries).where(eq(paymentIpnDeliveries.bodySha256, hash));
  /** A real IPN body padded with a field of `padding` characters. */
  async function ipnBody(padding = 0) {
    const order = await insertTestPayment(db(), { userId: await insertTestUser(db()) });
    return ipnBodyFor(order, 'waiting', padding > 0 ? { note: 'x'.repeat(padding) } : {});
  }

  it('keeps a forged delivery as status, size, hash and first bytes only', async () => {
    const body = await ipnBody(5_000);
    const raw = JSON.stringify(body);
    const response = await deliver(raw, signIpnBody(body, 'not-the-secret'));
    expect(response.statusCode).toBe(401);
    const [row] = await rowsWithHash(sha256(raw));
    expect(row).toMatchObject({
      signatureValid: false,
      outcome: 'unverified',
      statusCode: 401,
      body: null,
      bodyBytes: Buffer.byteLength(raw),
      bodyHead: raw.slice(0, IPN_AUDIT_HEAD_BYTES),
      orderId: body.order_id,
    });
  });

  it('keeps an unparsable delivery the same way', async () => {
    const raw = `{"payment_id": 1, "order_id": "${'y'.repeat(900)}`;
    const response = await deliver(raw);
    expect(response.statusCode).toBe(422);
    const [row] = await rowsWithHash(sha256(raw));
    expect(row).toMatchObject({
      signatureValid: false,
      outcome: 'unparsable',
      statusCode: 422,
      body: null,
      orderId: null,
      bodyBytes: raw.length,
      bodyHead: raw.slice(0, IPN_AUDIT_HEAD_BYTES),
    });
  });

  it('refuses a body over the IPN limit with 413, signed or not, storing a bounded row', async () => {
    const body = await ipnBody(IPN_BODY_LIMIT_BYTES);
    const raw = JSON.stringify(body);
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(raw)),
      deliver(raw, signIpnBody(body, secret)),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: 'PAYLOAD_TOO_LARGE',
        message: PRODUCT_ERRORS.PAYLOAD_TOO_LARGE.message,
      });
    }
    const rows = await db()
      .select({
        outcome: paymentIpnDeliveries.outcome,
        valid: paymentIpnDeliveries.signatureValid,
        bytes: paymentIpnDeliveries.bodyBytes,
        stored: sql<number>`pg_column_size(${paymentIpnDeliveries})`,
      })
      .from(paymentIpnDeliveries)
      .where(
        and(
          eq(paymentIpnDeliveries.statusCode, 413),
          eq(paymentIpnDeliveries.bodyBytes, Buffer.byteLength(raw)),
        ),
      );
    expect(rows).toHaveLength(11);
    for (const row of rows) {
      expect(row).toMatchObject({ outcome: 'too_large', valid: false });
      expect(Number(row.stored)).toBeLessThan(1_024);
    }
  });

  it('takes a signed IPN up to the limit and keeps its whole body', async () => {
    const base = JSON.stringify(await ipnBody());
    expect(Buffer.byteLength(base)).toBeLessThan(1_024);
    const body = await ipnBody(IPN_BODY_LIMIT_BYTES - base.length - 100);
    const raw = JSON.stringify(body);
    expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(IPN_BODY_LIMIT_BYTES);
    const response = await deliver(raw, signIpnBody(body, secret));
    expect(response.statusCode).toBe(200);
    const [row] = await rowsWithHash(sha256(raw));
    expect(row).toMatchObject({
      signatureValid: true,
      statusCode: 200,
      body,
      bodyBytes: Buffer.byteLength(raw),
      bodyHead: null,
      orderId: body.order_id,
    });
  });
});
