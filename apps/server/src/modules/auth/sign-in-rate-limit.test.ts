import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signIn } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';

const RATE_LIMITED = {
  error: 'RATE_LIMIT_EXCEEDED',
  message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
};

describe('sign-in rate limits', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { SIGN_IN_MAX_PER_EMAIL: '3', SIGN_IN_MAX_PER_IP_PER_15_MIN: '5' },
    });
  });
  afterAll(() => ctx.close());

  it('limits attempts per account even from different addresses', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await signIn(ctx.app, 'Target@Example.com', {
        password: 'wrong-password',
        remoteAddress: `10.0.0.${attempt}`,
      });
      statuses.push(response.statusCode);
      if (attempt === 4) {
        expect(response.json()).toEqual(RATE_LIMITED);
        expect(response.headers['retry-after']).toBe('900');
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Same account, different casing: still the same bucket.
    const again = await signIn(ctx.app, 'target@example.com', { remoteAddress: '10.0.0.9' });
    expect(again.statusCode).toBe(429);
  });

  it('limits attempts per client address across accounts', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await signIn(ctx.app, `user${attempt}@example.com`, {
        password: 'wrong-password',
        remoteAddress: '192.0.2.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('sign-in limits do not let strangers lock the owner out (issue 13)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        SIGN_IN_MAX_PER_ACCOUNT_AND_IP: '3',
        SIGN_IN_MAX_PER_EMAIL: '5',
        SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000',
      },
    });
    // Signs in once from 127.0.0.1 (the default inject address): the owner's known address.
    await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'owner@example.com');
  });
  afterAll(() => ctx.close());

  it('limits guesses per (account, address) without blocking the account elsewhere', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await signIn(ctx.app, 'owner@example.com', {
        password: 'wrong-password',
        remoteAddress: '203.0.113.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const owner = await signIn(ctx.app, 'owner@example.com', { remoteAddress: '127.0.0.1' });
    expect(owner.statusCode).toBe(200);
  });

  it('caps guesses across addresses, and the owner still signs in from a known address', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await signIn(ctx.app, 'owner@example.com', {
        password: 'wrong-password',
        remoteAddress: `198.51.100.${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    // One guess above already counted: the account-wide limit of 5 stops the 5th stranger.
    expect(statuses.slice(-2)).toEqual([429, 429]);
    const owner = await signIn(ctx.app, 'owner@example.com', { remoteAddress: '127.0.0.1' });
    expect(owner.statusCode).toBe(200);
    // A new address is still held back until the window passes (or a password reset by email).
    const stranger = await signIn(ctx.app, 'owner@example.com', { remoteAddress: '192.0.2.99' });
    expect(stranger.statusCode).toBe(429);
  });
});

describe('sign-up rate limit', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { SIGN_UP_MAX_PER_IP_PER_MINUTE: '2' } });
  });
  afterAll(() => ctx.close());

  const signUp = (app: TestApp['app'], email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '198.18.0.1',
      headers: { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host },
      payload: { name: 'Newcomer', email, password: 'correct horse battery', ageConfirmed: true },
    });

  it('allows SIGN_UP_MAX_PER_IP_PER_MINUTE sign-ups a minute from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await signUp(ctx.app, `newcomer${attempt}@example.com`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual(RATE_LIMITED);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts in each app of its own, not in one store for the whole process', async () => {
    expect((await signUp(ctx.app, 'newcomer4@example.com')).statusCode).toBe(429);
    const other = await createTestApp({ env: { SIGN_UP_MAX_PER_IP_PER_MINUTE: '2' } });
    try {
      expect((await signUp(other.app, 'elsewhere@example.com')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('sign-in limits on non-canonical paths (issue 13)', () => {
  let ctx: TestApp;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { SIGN_IN_MAX_PER_EMAIL: '2', SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000' },
    });
    // Over a real socket: app.inject normalises the path, an attacker's client does not.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  const VARIANTS = [
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/x/%2E%2E/sign-in/email',
    '/api/auth/sign-in/%65mail',
    '/api/auth//sign-in/email',
    '/api/auth/sign-in/email/',
    '/api/auth/Sign-In/Email',
    '/api/auth/sign-in/email;x',
  ];

  /** A raw HTTP POST: node:http sends the path exactly as written. */
  function attempt(path: string): Promise<number> {
    const body = JSON.stringify({ email: 'victim@example.com', password: 'wrong-password' });
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: {
            origin: TEST_PUBLIC_URL,
            host: new URL(TEST_PUBLIC_URL).host,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('reach the limit of the route they stand for, or nothing at all', async () => {
    expect(await attempt('/api/auth/sign-in/email')).toBe(401);
    expect(await attempt('/api/auth/sign-in/email')).toBe(401);
    expect(await attempt('/api/auth/sign-in/email')).toBe(429);
    const statuses = [];
    for (const path of VARIANTS) statuses.push({ path, status: await attempt(path) });
    // 429: counted as a sign-in; 404: refused before better-auth. Never a password check (401).
    expect(statuses.filter(({ status }) => status !== 404 && status !== 429)).toEqual([]);
  });
});

describe('limits behind a proxy (TRUST_PROXY, issue 13)', () => {
  it('count the address the proxy appended, not the one the client wrote first', async () => {
    const ctx = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        SIGN_IN_MAX_PER_IP_PER_15_MIN: '2',
        SIGN_IN_MAX_PER_ACCOUNT_AND_IP: '1000',
        SIGN_IN_MAX_PER_EMAIL: '1000',
      },
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.0.0.2', // the proxy
          headers: {
            origin: TEST_PUBLIC_URL,
            host: new URL(TEST_PUBLIC_URL).host,
            // A fresh made-up address each time, then the real one the proxy appended.
            'x-forwarded-for': `192.0.2.${attempt}, 203.0.113.50`,
          },
          payload: { email: `probe${attempt}@example.com`, password: 'wrong-password' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await ctx.close();
    }
  });
});
