import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

const RATE_LIMITED = {
  error: 'RATE_LIMIT_EXCEEDED',
  message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
};

describe('sign-in rate limits', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: { signInPerEmail: 3, signInPerIp: 5 } });
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
      if (attempt === 4) expect(response.json()).toEqual(RATE_LIMITED);
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

describe('sign-up rate limit', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { SIGN_UP_MAX_PER_IP_PER_MINUTE: '2' } });
  });
  afterAll(() => ctx.close());

  it('allows SIGN_UP_MAX_PER_IP_PER_MINUTE sign-ups a minute from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      statuses.push((await signUp(ctx.app, `newcomer${attempt}@example.com`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
