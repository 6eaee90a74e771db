import {
  AGE_CONFIRMATION_REQUIRED_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  EMAIL_NOT_VERIFIED_MESSAGE,
} from '@nocturne/contract/auth/sign-up';
import { getTokenResponseSchema } from '@nocturne/contract/auth/get-token';
import { EMAIL_VERIFIED_CALLBACK_PATH } from '@nocturne/contract/app-routes';
import { getActiveSubscriptionResponseSchema } from '@nocturne/contract/subscriptions/get-active-subscription';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVerificationLink, sessionCookie, signIn, signUp } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { user } from './auth-tables';

describe('sign-up, verification and sign-in', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses a sign-up without the 18+ confirmation', async () => {
    for (const extra of [
      { ageConfirmed: undefined },
      { ageConfirmed: false },
      { ageConfirmed: 'yes' },
    ]) {
      const response = await signUp(ctx.app, 'minor@example.com', extra);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'AGE_CONFIRMATION_REQUIRED',
        message: AGE_CONFIRMATION_REQUIRED_MESSAGE,
      });
    }
    const rows = await ctx.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'minor@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('refuses one of the most common passwords, in any letter case, and creates nothing', async () => {
    for (const password of ['password1', 'Password1', 'QWERTYUIOP', 'iloveyou']) {
      const response = await signUp(ctx.app, 'common@example.com', { password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        code: 'PASSWORD_TOO_COMMON',
        message: COMMON_PASSWORD_MESSAGE,
      });
    }
    const rows = await ctx.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'common@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('creates the account with ageConfirmedAt and mails a verification link', async () => {
    const before = Date.now();
    const response = await signUp(ctx.app, 'adult@example.com');
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'adult@example.com'));
    expect(row?.emailVerified).toBe(false);
    expect(row?.ageConfirmedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'adult@example.com'));
    expect(link.origin).toBe(TEST_PUBLIC_URL);
    expect(link.searchParams.get('callbackURL')).toBe(EMAIL_VERIFIED_CALLBACK_PATH);
  });

  it('refuses an unverified sign-in with EMAIL_NOT_VERIFIED and the product message', async () => {
    const response = await signIn(ctx.app, 'adult@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: EMAIL_NOT_VERIFIED_MESSAGE,
    });
  });

  it('resends the verification mail on request', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email: 'adult@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'adult@example.com'));
    expect(link.searchParams.get('callbackURL')).toBe(EMAIL_VERIFIED_CALLBACK_PATH);
  });

  it('verifies through the link, then signs in and issues a JWT the API accepts', async () => {
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'adult@example.com'));
    const visit = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe(EMAIL_VERIFIED_CALLBACK_PATH);

    const signInResponse = await signIn(ctx.app, 'adult@example.com');
    expect(signInResponse.statusCode).toBe(200);
    const cookie = sessionCookie(signInResponse);

    const tokenResponse = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    expect(tokenResponse.statusCode).toBe(200);
    const { token } = getTokenResponseSchema.parse(tokenResponse.json());
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: TEST_PUBLIC_URL,
      aud: TEST_PUBLIC_URL,
      email: 'adult@example.com',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);

    const active = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/subscriptions/active',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(active.statusCode).toBe(200);
    expect(getActiveSubscriptionResponseSchema.parse(active.json())).toEqual({
      was_expired: false,
    });
  });

  it('keeps the standard session, JWKS and sign-out endpoints', async () => {
    const signInResponse = await signIn(ctx.app, 'adult@example.com');
    const cookie = sessionCookie(signInResponse);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ user: { email: 'adult@example.com' } });
    const jwks = await ctx.app.inject({ method: 'GET', url: '/api/auth/jwks' });
    expect(jwks.json<{ keys: { alg: string }[] }>().keys[0]?.alg).toBe('EdDSA');
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(signOut.statusCode).toBe(200);
  });

  it('a sign-up for an unverified address starts over: the owner, not the first comer, sets the password', async () => {
    const email = 'claimed@example.com';
    const squatter = await signUp(ctx.app, email, { password: 'squatter secret 1' });
    expect(squatter.statusCode).toBe(200);
    const squattersLink = await readVerificationLink(ctx.env.DATA_DIR, email);

    const owner = await signUp(ctx.app, email, { password: 'owner secret 22' });
    expect(owner.statusCode).toBe(200);
    const ownersLink = new URL(await readVerificationLink(ctx.env.DATA_DIR, email));
    expect(ownersLink.href).not.toBe(squattersLink);
    const rows = await ctx.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);

    // The first link belonged to the account that is gone.
    const stale = new URL(squattersLink);
    await ctx.app.inject({ method: 'GET', url: stale.pathname + stale.search });
    const [pending] = await ctx.database.db.select().from(user).where(eq(user.email, email));
    expect(pending?.emailVerified).toBe(false);

    await ctx.app.inject({ method: 'GET', url: ownersLink.pathname + ownersLink.search });
    expect((await signIn(ctx.app, email, { password: 'squatter secret 1' })).statusCode).toBe(401);
    expect((await signIn(ctx.app, email, { password: 'owner secret 22' })).statusCode).toBe(200);

    // Once verified, the address is taken: a new sign-up changes nothing.
    await signUp(ctx.app, email, { password: 'squatter secret 3' });
    expect((await signIn(ctx.app, email, { password: 'owner secret 22' })).statusCode).toBe(200);
  });
});
