import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIpnBody, verifyIpnSignature } from './sign-ipn-body';

const SECRET = 'ipn-test-secret';

/** A body with a nested object (`fee`) and an array, keys deliberately out of order. */
const body = {
  payment_status: 'finished',
  payment_id: 5077125051,
  order_id: 'sub:u1:monthly:2026-11',
  price_amount: 29,
  fee: { serviceFee: 0.0002, currency: 'eth', depositFee: 0.0001 },
  tags: [{ b: 2, a: 1 }, 'x'],
};

/** Written out by hand: keys sorted at every depth, array order kept. */
const SORTED_JSON =
  '{"fee":{"currency":"eth","depositFee":0.0001,"serviceFee":0.0002},' +
  '"order_id":"sub:u1:monthly:2026-11","payment_id":5077125051,"payment_status":"finished",' +
  '"price_amount":29,"tags":[{"a":1,"b":2},"x"]}';

const hmac = (text: string) => createHmac('sha512', SECRET).update(text).digest('hex');

describe('IPN signature', () => {
  it('is the HMAC-SHA512 of the recursively key-sorted JSON', () => {
    expect(signIpnBody(body, SECRET)).toBe(hmac(SORTED_JSON));
    expect(verifyIpnSignature(body, hmac(SORTED_JSON), SECRET)).toBe(true);
  });

  it('differs from the docs replacer-array sort, which drops the nested keys', () => {
    const documented = JSON.stringify(body, Object.keys(body).sort());
    expect(documented).toContain('"fee":{}');
    expect(documented).toContain('"tags":[{},"x"]');
    expect(hmac(documented)).not.toBe(signIpnBody(body, SECRET));
    expect(verifyIpnSignature(body, hmac(documented), SECRET)).toBe(false);
  });

  it('refuses a missing, malformed, other-secret or tampered signature', () => {
    const good = signIpnBody(body, SECRET);
    expect(verifyIpnSignature(body, undefined, SECRET)).toBe(false);
    expect(verifyIpnSignature(body, '', SECRET)).toBe(false);
    expect(verifyIpnSignature(body, good.slice(0, 64), SECRET)).toBe(false);
    expect(verifyIpnSignature(body, signIpnBody(body, 'other'), SECRET)).toBe(false);
    expect(verifyIpnSignature({ ...body, price_amount: 0.29 }, good, SECRET)).toBe(false);
    expect(verifyIpnSignature(body, good.toUpperCase(), SECRET)).toBe(true);
  });
});
