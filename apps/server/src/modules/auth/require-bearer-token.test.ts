import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';

const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: ERROR_CATALOGUE.UNAUTHORIZED.message };

describe('/api/v1 bearer tokens', () => {
  let ctx: TestApp;
  let valid: string;
  let userId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ token: valid, userId } = await createVerifiedUser(
      ctx.app,
      ctx.env.DATA_DIR,
      'b@example.com',
    ));
  });
  afterAll(() => ctx.close());

  const callWith = (authorization: string | undefined) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/active',
      headers: authorization === undefined ? {} : { authorization },
    });

  /** A token signed with the server's own key, for the valid token's session, with chosen claims. */
  const signWithServerKey = async (payload: Record<string, unknown>) => {
    const sid = decodeJwt(valid).sid;
    return (await ctx.app.auth.api.signJWT({ body: { payload: { sub: userId, sid, ...payload } } }))
      .token;
  };

  it('accepts the token from /api/auth/token', async () => {
    expect((await callWith(`Bearer ${valid}`)).statusCode).toBe(200);
  });

  // Thunks: the table is built before beforeAll has issued the valid token.
  it.each([
    ['missing', () => undefined],
    ['not a bearer', () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['garbage', () => 'Bearer not.a.jwt'],
    ['tampered', () => `Bearer ${valid.slice(0, -6)}AAAAAA`],
  ])('refuses a %s token with 401 UNAUTHORIZED', async (_label, authorization) => {
    const response = await callWith(authorization());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses an expired token', async () => {
    const token = await signWithServerKey({ exp: Math.floor(Date.now() / 1000) - 60 });
    expect((await callWith(`Bearer ${token}`)).json()).toEqual(UNAUTHORIZED);
  });

  it('refuses a token for another issuer or audience', async () => {
    const wrongIssuer = await signWithServerKey({ iss: 'https://evil.example' });
    const wrongAudience = await signWithServerKey({ aud: 'https://other.example' });
    expect((await callWith(`Bearer ${wrongIssuer}`)).statusCode).toBe(401);
    expect((await callWith(`Bearer ${wrongAudience}`)).statusCode).toBe(401);
    // Control: the same helper with default claims passes, so the 401s above are the claims.
    expect((await callWith(`Bearer ${await signWithServerKey({})}`)).statusCode).toBe(200);
  });

  it('refuses a token that names no session (issued before tokens named one)', async () => {
    const response = await callWith(`Bearer ${await signWithServerKey({ sid: undefined })}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('refuses an HS256 token forged with a guessable secret', async () => {
    const forged = await new SignJWT({ sub: userId, email: 'b@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TEST_PUBLIC_URL)
      .setAudience(TEST_PUBLIC_URL)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(ctx.env.PUBLIC_URL));
    const response = await callWith(`Bearer ${forged}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });
});
