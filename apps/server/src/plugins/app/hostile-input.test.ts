import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, signIn } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { findHostileInput, MAX_INPUT_DEPTH } from './refuse-hostile-input';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('findHostileInput', () => {
  it('allows nesting up to MAX_INPUT_DEPTH and refuses one level more, without recursing', () => {
    expect(findHostileInput({ a: nested(MAX_INPUT_DEPTH - 1) })).toBeNull();
    expect(findHostileInput({ a: nested(MAX_INPUT_DEPTH) })).toMatch(/nested more than/);
    expect(findHostileInput(nested(100_000))).toMatch(/nested more than/);
  });

  it('refuses a NUL character in any value or key', () => {
    expect(findHostileInput({ a: ['ok', { b: 'x\u0000y' }] })).toMatch(/NUL/);
    expect(findHostileInput({ ['k\u0000']: 1 })).toMatch(/NUL/);
    expect(findHostileInput({ a: 'fine', n: 1, t: true, z: null })).toBeNull();
  });
});

describe('hostile and malformed input answers 4xx in the spec shape (issue 13)', () => {
  let ctx: TestApp;
  let auth: { authorization: string };
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'hostile@example.com');
    auth = { authorization: `Bearer ${user.token}` };
    cookie = user.cookie;
    const claimed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/credits/request-daily',
      headers: auth,
    });
    expect(claimed.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const balance = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v1/credits', headers: auth })).json<{
      balance: number;
    }>().balance;

  it('a NUL byte in a prompt or a search is 422, and nothing is spent', async () => {
    const before = await balance();
    const generate = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: auth,
      payload: { source_prompt: 'moon', content_prompt: 'moon\u0000light' },
    });
    expect(generate.statusCode).toBe(422);
    expect(generate.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Text must not contain NUL characters',
    });
    expect(await balance()).toBe(before);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/favorites?q=a%00b',
      headers: auth,
    });
    expect(search.statusCode).toBe(422);
  });

  it('JSON nested 5,000 deep is 422 on /api/auth and /api/v1, not a stack overflow', async () => {
    const deep = `{"email":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`;
    const headers = { ...ORIGIN, 'content-type': 'application/json' };
    const signInResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: deep,
    });
    expect(signInResponse.statusCode).toBe(422);
    expect(signInResponse.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    const generate = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(generate.statusCode).toBe(422);
  });

  it('an empty JSON body is 422 VALIDATION_ERROR', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('accepts the bearer scheme in any letter case', async () => {
    const token = auth.authorization.slice('Bearer '.length);
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/credits',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('no authenticated answer may be cached', async () => {
    const credits = await ctx.app.inject({ method: 'GET', url: '/api/v1/credits', headers: auth });
    expect(credits.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/credits' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const token = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie },
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it("better-auth's own errors leave as { error, message } (its code kept beside)", async () => {
    const wrong = await signIn(ctx.app, 'hostile@example.com', { password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'UNAUTHORIZED',
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/no-such-endpoint',
      headers: ORIGIN,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'The requested resource was not found.',
    });
  });

  it('an Idempotency-Key reused with another body is 422, not the first answer', async () => {
    const submit = (prompt: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { ...auth, 'idempotency-key': 'reused-key-1' },
        payload: { source_prompt: prompt, content_prompt: prompt },
      });
    const first = await submit('a quiet harbour');
    expect(first.statusCode).toBe(200);
    const again = await submit('a quiet harbour');
    expect(again.json()).toEqual(first.json());
    const other = await submit('a loud harbour');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'This Idempotency-Key was already used for a different request.',
    });
  });
});
