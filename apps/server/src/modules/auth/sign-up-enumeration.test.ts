import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { user } from './auth-tables';

/** Both addresses have the same length, so no length in the answer can differ by the address. */
const TAKEN = 'taken@example.com';
const FRESH = 'fresh@example.com';
const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

interface SignUpUser {
  id: string;
  createdAt: string;
  updatedAt: string;
  ageConfirmedAt: string | null;
  [field: string]: unknown;
}

/** The answer's structure: every key, with the type of its value. */
function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)] as const),
  );
}

function signUpFrom(ctx: TestApp, email: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    remoteAddress,
    payload: { name: 'Test User', email, password: 'another secret 12', ageConfirmed: true },
  });
}

describe('a sign-up answers the same whether or not the address is registered', () => {
  let ctx: TestApp;
  let takenUserId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ userId: takenUserId } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, TAKEN));
  });
  afterAll(() => ctx.close());

  it('in status, headers, cookies, body fields, id and timestamps', async () => {
    const before = Date.now();
    // From two addresses, so each answer's rate-limit counters start alike.
    const taken = await signUpFrom(ctx, TAKEN, '10.0.0.1');
    const fresh = await signUpFrom(ctx, FRESH, '10.0.0.2');
    const after = Date.now();

    expect(taken.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(taken.statusCode);
    const headers = (response: LightMyRequestResponse) => {
      // The two that follow the clock whatever was asked.
      const { date: _date, 'x-ratelimit-reset': _reset, ...rest } = response.headers;
      return rest;
    };
    expect(headers(fresh)).toEqual(headers(taken));
    expect(taken.cookies).toEqual([]);
    expect(fresh.cookies).toEqual([]);

    const takenBody = taken.json<{ token: null; user: SignUpUser }>();
    const freshBody = fresh.json<{ token: null; user: SignUpUser }>();
    expect(shapeOf(freshBody)).toEqual(shapeOf(takenBody));
    const {
      id: _t,
      createdAt: _tc,
      updatedAt: _tu,
      ageConfirmedAt: _ta,
      ...takenRest
    } = takenBody.user;
    const {
      id: _f,
      createdAt: _fc,
      updatedAt: _fu,
      ageConfirmedAt: _fa,
      ...freshRest
    } = freshBody.user;
    expect({ ...freshRest, email: TAKEN }).toEqual(takenRest);
    expect(takenBody.token).toBeNull();
    expect(freshBody.token).toBeNull();

    // The ids look alike, and the registered account's own id is not given away.
    expect(takenBody.user.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(freshBody.user.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(takenBody.user.id).not.toBe(takenUserId);
    // Each answer's three stamps are one instant of the request.
    for (const { user: answered } of [takenBody, freshBody]) {
      expect(answered.updatedAt).toBe(answered.createdAt);
      expect(answered.ageConfirmedAt).toBe(answered.createdAt);
      const at = Date.parse(answered.createdAt);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
    }
  });

  it('and leaves the registered account as it was', async () => {
    const rows = await ctx.database.db.select().from(user).where(eq(user.email, TAKEN));
    expect(rows.map((row) => row.id)).toEqual([takenUserId]);
  });
});
