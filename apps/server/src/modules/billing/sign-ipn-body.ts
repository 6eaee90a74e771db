import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A copy of `value` whose object keys are sorted at every depth (arrays keep their order). The
 * provider's documented `JSON.stringify(params, Object.keys(params).sort())` passes a key list as
 * the replacer, which silently drops every nested key not in that list (those of `fee`, say); the
 * signature the provider sends covers the fully sorted body, so the sort must recurse.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    }
    return sorted;
  }
  return value;
}

/** `x-nowpayments-sig`: HMAC-SHA512, hex, with the IPN secret over the key-sorted JSON body. */
export function signIpnBody(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

/** True only when `signature` is the body's signature; compared in constant time. */
export function verifyIpnSignature(
  body: unknown,
  signature: string | undefined,
  secret: string,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signIpnBody(body, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
