import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVerificationLink, signIn, TEST_PASSWORD } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { user } from './auth-tables';

const LOOPBACK = { host: '127.0.0.1:3123', origin: 'http://127.0.0.1:3123' };
const REFUSED = {
  error: 'ORIGIN_NOT_ALLOWED',
  message: PRODUCT_ERRORS.ORIGIN_NOT_ALLOWED.message,
};

function signUpWith(app: FastifyInstance, email: string, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { name: 'Night Owl', email, password: TEST_PASSWORD, ageConfirmed: true },
  });
}

async function usersWith(ctx: TestApp, email: string) {
  return ctx.database.db.select().from(user).where(eq(user.email, email));
}

describe('sign-up from whatever address the server was opened at (PUBLIC_URL unset)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: '' } });
  });
  afterAll(() => ctx.close());

  it('accepts a same-origin sign-up on 127.0.0.1 and mails a link to the server itself', async () => {
    expect(ctx.env.PUBLIC_URL).toBe(`http://localhost:${ctx.env.PORT}`);
    const response = await signUpWith(ctx.app, 'loop@example.com', LOOPBACK);
    expect(response.statusCode).toBe(200);
    expect(await usersWith(ctx, 'loop@example.com')).toHaveLength(1);
    // Never the address the request named: a client sets Host and Origin as it likes.
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'loop@example.com'));
    expect(link.origin).toBe(ctx.env.PUBLIC_URL);

    const visit = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: LOOPBACK.host },
    });
    expect(visit.statusCode).toBe(302);
    const signInResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: LOOPBACK,
      payload: { email: 'loop@example.com', password: TEST_PASSWORD },
    });
    expect(signInResponse.statusCode).toBe(200);
  });

  it('accepts a same-origin sign-up on a LAN address', async () => {
    const lan = { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' };
    expect((await signUpWith(ctx.app, 'lan@example.com', lan)).statusCode).toBe(200);
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'lan@example.com'));
    expect(link.origin).toBe(ctx.env.PUBLIC_URL);
  });

  it('refuses a foreign origin in the error shape, with words a person understands', async () => {
    const response = await signUpWith(ctx.app, 'evil@example.com', {
      host: LOOPBACK.host,
      origin: 'http://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect(await usersWith(ctx, 'evil@example.com')).toHaveLength(0);
  });

  it('does not take X-Forwarded-Host from a client when no proxy is trusted', async () => {
    const response = await signUpWith(ctx.app, 'spoof@example.com', {
      host: LOOPBACK.host,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      origin: 'https://evil.example',
    });
    expect(response.json()).toEqual(REFUSED);
    expect(await usersWith(ctx, 'spoof@example.com')).toHaveLength(0);
  });
});

describe('sign-up behind a trusted reverse proxy (TRUST_PROXY, PUBLIC_URL unset)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: '', TRUST_PROXY: 'true' } });
  });
  afterAll(() => ctx.close());

  it('accepts the origin the proxy forwarded, but links to the server itself', async () => {
    const response = await signUpWith(ctx.app, 'proxied@example.com', {
      host: '10.0.0.5:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'nocturne.lan',
      origin: 'https://nocturne.lan',
    });
    expect(response.statusCode).toBe(200);
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'proxied@example.com'));
    expect(link.origin).toBe(ctx.env.PUBLIC_URL);
  });
});

describe('sign-up with PUBLIC_URL set', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('accepts a same-origin sign-up on another host but links to PUBLIC_URL', async () => {
    expect((await signUpWith(ctx.app, 'fixed@example.com', LOOPBACK)).statusCode).toBe(200);
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'fixed@example.com'));
    expect(link.origin).toBe(TEST_PUBLIC_URL);
  });

  it('still refuses a foreign origin', async () => {
    const response = await signUpWith(ctx.app, 'evil@example.com', {
      host: LOOPBACK.host,
      origin: 'http://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect(await usersWith(ctx, 'evil@example.com')).toHaveLength(0);
  });

  it('refuses a foreign origin on sign-in too', async () => {
    // Control: from PUBLIC_URL's origin the answer is about the account, not the origin.
    const own = await signIn(ctx.app, 'fixed@example.com');
    expect(own.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://evil.example' },
      payload: { email: 'fixed@example.com', password: TEST_PASSWORD },
    });
    expect(foreign.json()).toEqual(REFUSED);
  });
});
