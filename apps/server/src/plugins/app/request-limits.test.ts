import { CREDIT_HISTORY_MAX_LIMIT } from '@nocturne/contract/credits/get-credit-history';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { FAVORITES_MAX_LIMIT } from '@nocturne/contract/favorites/find-favorites';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { GENERATIONS_MAX_LIMIT } from '@nocturne/contract/generations/generation';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { TINY_PNG } from '../../../test/generation-worker-harness';
import { parseEnv } from '../../env';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: 'RATE_LIMIT_EXCEEDED',
    message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('limits are settings with the documented defaults', () => {
  it('defaults', () => {
    const env = parseEnv({});
    expect(env.GENERATE_MAX_PER_USER_PER_MINUTE).toBe(30);
    expect(env.DAILY_CLAIM_MAX_PER_USER_PER_MINUTE).toBe(10);
    expect(env.IPN_MAX_PER_IP_PER_MINUTE).toBe(6000);
    expect(env.IMAGE_RATE_LIMIT_PER_MINUTE).toBe(3000);
    expect(env.BODY_LIMIT_BYTES).toBe(1_048_576);
  });
});

describe('per-person and per-address request limits (issue 13)', () => {
  let ctx: TestApp;
  let alice: { authorization: string };
  let bob: { authorization: string };

  beforeAll(async () => {
    // Set through the environment, as an operator would.
    ctx = await createTestApp({
      env: {
        GENERATE_MAX_PER_USER_PER_MINUTE: '3',
        DAILY_CLAIM_MAX_PER_USER_PER_MINUTE: '2',
        IPN_MAX_PER_IP_PER_MINUTE: '2',
        IMAGE_RATE_LIMIT_PER_MINUTE: '4',
        RATE_LIMIT_PER_MINUTE: '40',
        BODY_LIMIT_BYTES: '4096',
      },
    });
    const a = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'limits-a@example.com');
    const b = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'limits-b@example.com');
    alice = { authorization: `Bearer ${a.token}` };
    bob = { authorization: `Bearer ${b.token}` };
  });
  afterAll(() => ctx.close());

  const generate = (headers: Record<string, string>, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers,
      remoteAddress,
      payload: { source_prompt: 'owl', content_prompt: 'an owl' },
    });

  it('generate and retry share one per-person budget, whatever the address; others are not held', async () => {
    // Refused for lack of credits or not, each call counts: the limit is on requests.
    expect((await generate(alice, '10.0.0.1')).statusCode).not.toBe(429);
    expect((await generate(alice, '10.0.0.2')).statusCode).not.toBe(429);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generations/nope/retry',
      headers: alice,
      remoteAddress: '10.0.0.3',
    });
    expect(retry.statusCode).toBe(404);
    expectRateLimited(await generate(alice, '10.0.0.4'));
    expectRateLimited(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generations/nope/retry',
        headers: alice,
        remoteAddress: '10.0.0.5',
      }),
    );
    expect((await generate(bob, '10.0.0.4')).statusCode).not.toBe(429);
  });

  it('the daily claim is limited per person', async () => {
    const claim = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/credits/request-daily', headers });
    expect((await claim(alice)).statusCode).toBe(200);
    expect((await claim(alice)).statusCode).toBe(409);
    expectRateLimited(await claim(alice));
    expect((await claim(bob)).statusCode).toBe(200);
  });

  it('the IPN endpoint is limited per sender address', async () => {
    const ipn = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payments/nowpayments/ipn',
        remoteAddress,
        payload: { payment_id: 1 },
      });
    expect((await ipn('10.1.0.1')).statusCode).toBe(401);
    expect((await ipn('10.1.0.1')).statusCode).toBe(401);
    expectRateLimited(await ipn('10.1.0.1'));
    expect((await ipn('10.1.0.2')).statusCode).toBe(401);
  });

  it('/images has its own per-address bucket: a gallery does not use up the API budget', async () => {
    const key = await ctx.app.images.save(TINY_PNG);
    const url = ctx.app.images.urlFor(key);
    const address = '10.2.0.1';
    for (let index = 0; index < 4; index += 1) {
      const image = await ctx.app.inject({ method: 'GET', url, remoteAddress: address });
      expect(image.statusCode).toBe(200);
    }
    expectRateLimited(await ctx.app.inject({ method: 'GET', url, remoteAddress: address }));
    // The same address still has its API budget.
    const api = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/credits',
      headers: bob,
      remoteAddress: address,
    });
    expect(api.statusCode).toBe(200);
  });

  it('a body over BODY_LIMIT_BYTES is 413 PAYLOAD_TOO_LARGE in the spec shape, API and auth alike', async () => {
    const big = 'x'.repeat(5000);
    const expected = {
      error: 'PAYLOAD_TOO_LARGE',
      message: PRODUCT_ERRORS.PAYLOAD_TOO_LARGE.message,
    };
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...bob, 'content-type': 'application/json' },
      remoteAddress: '10.3.0.1',
      payload: JSON.stringify({ source_prompt: big, content_prompt: big }),
    });
    expect(api.statusCode).toBe(413);
    expect(api.json()).toEqual(expected);
    const auth = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...ORIGIN, 'content-type': 'application/json' },
      remoteAddress: '10.3.0.2',
      payload: JSON.stringify({ email: 'a@example.com', password: big }),
    });
    expect(auth.statusCode).toBe(413);
    expect(auth.json()).toEqual(expected);
  });

  it('page sizes are capped by the contract: one more than the cap is 422', async () => {
    const pages = [
      ['/api/v1/generations', GENERATIONS_MAX_LIMIT],
      ['/api/v1/credits/history', CREDIT_HISTORY_MAX_LIMIT],
      ['/api/v1/favorites', FAVORITES_MAX_LIMIT],
    ] as const;
    for (const [path, cap] of pages) {
      const at = async (limit: number) =>
        ctx.app.inject({
          method: 'GET',
          url: `${path}?limit=${limit}`,
          headers: bob,
          remoteAddress: '10.4.0.1',
        });
      expect((await at(cap)).statusCode, path).toBe(200);
      const over = await at(cap + 1);
      expect(over.statusCode, path).toBe(422);
      expect(over.json().error, path).toBe('VALIDATION_ERROR');
    }
  });
});
