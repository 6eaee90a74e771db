import { describe, expect, it } from 'vitest';
import { isTokenFresh, readTokenExpiry } from './token-validity';

function tokenWithExp(exp: unknown): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'u1', exp })}.sig`;
}

describe('token validity (spec §5)', () => {
  const now = 1_700_000_000_000;

  it('reads the exp claim', () => {
    expect(readTokenExpiry(tokenWithExp(123))).toBe(123);
  });

  it('is fresh only when expiry is more than 30 s away', () => {
    expect(isTokenFresh(tokenWithExp(now / 1000 + 31), now)).toBe(true);
    expect(isTokenFresh(tokenWithExp(now / 1000 + 30), now)).toBe(false);
    expect(isTokenFresh(tokenWithExp(now / 1000 - 1), now)).toBe(false);
  });

  it('treats undecodable tokens as invalid', () => {
    expect(isTokenFresh('garbage', now)).toBe(false);
    expect(isTokenFresh('a.%%%.c', now)).toBe(false);
    expect(isTokenFresh(tokenWithExp('soon'), now)).toBe(false);
  });
});
