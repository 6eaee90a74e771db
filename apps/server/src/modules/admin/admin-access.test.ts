import { getAdminAuditResponseSchema } from '@nocturne/contract/admin/get-admin-audit';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { profileSchema } from '@nocturne/contract/users/get-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, sessionCookie, signIn } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { createOperator, enableTwoFactor, signInWithTotp } from '../../../test/operator-flow';
import { operators } from '../operators/operators-tables';

const LIMITS = { RATE_LIMIT_PER_MINUTE: '10000' };

describe('who may use /api/v1/admin (OPERATOR_EMAILS, operators rows, two-factor)', () => {
  let ctx: TestApp;
  let relaxed: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { ...LIMITS, OPERATOR_EMAILS: ' Listed@Example.com ' } });
    relaxed = await createTestApp({
      database: ctx.database,
      env: {
        ...LIMITS,
        OPERATOR_EMAILS: 'listed@example.com',
        OPERATOR_REQUIRE_TWO_FACTOR: 'false',
      },
    });
  });
  afterAll(async () => {
    await relaxed.close();
    await ctx.close();
  });

  const audit = (app: TestApp, token?: string) =>
    app.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const profile = async (app: TestApp, token: string) =>
    profileSchema.parse(
      (
        await app.app.inject({
          method: 'GET',
          url: '/api/v1/profile',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );

  it('answers 401 without a token and 403 OPERATOR_ONLY to a person who is not an operator', async () => {
    expect((await audit(ctx)).statusCode).toBe(401);
    const person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'person@example.com');
    const response = await audit(ctx, person.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'OPERATOR_ONLY',
      message: PRODUCT_ERRORS.OPERATOR_ONLY.message,
    });
    // Nothing in the person's own answers mentions the console.
    expect(await profile(ctx, person.token)).not.toHaveProperty('isOperator');
    // Two-factor sign-in does not make anyone an operator.
    const { totpURI } = await enableTwoFactor(ctx.app, person.cookie);
    const again = await signInWithTotp(ctx.app, 'person@example.com', totpURI);
    expect((await audit(ctx, again.token)).json().error).toBe('OPERATOR_ONLY');
  });

  it('refuses a listed operator without two-factor sign-in, unless the deployment turned it off', async () => {
    const listed = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'listed@example.com');
    const refused = await audit(ctx, listed.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'OPERATOR_TWO_FACTOR_REQUIRED',
      message: PRODUCT_ERRORS.OPERATOR_TWO_FACTOR_REQUIRED.message,
    });
    expect((await profile(ctx, listed.token)).isOperator).toBe(true);
    const allowed = await audit(relaxed, listed.token);
    expect(allowed.statusCode).toBe(200);
    expect(getAdminAuditResponseSchema.parse(allowed.json()).entries).toEqual([]);
  });

  it('lets an operator with two-factor sign-in in, after the TOTP step of a new sign-in', async () => {
    const operator = await createOperator(
      ctx.app,
      ctx.database.db,
      ctx.env.DATA_DIR,
      'added@example.com',
    );
    expect((await audit(ctx, operator.token)).statusCode).toBe(200);
    expect((await profile(ctx, operator.token)).isOperator).toBe(true);
    // The password alone makes no session: no cookie gets a token until the code is given.
    const passwordOnly = await signIn(ctx.app, 'added@example.com');
    expect(passwordOnly.statusCode).toBe(200);
    expect(passwordOnly.json()).toMatchObject({ twoFactorRedirect: true });
    const token = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/token',
      headers: { cookie: sessionCookie(passwordOnly) },
    });
    expect(token.statusCode).toBe(401);
  });

  it('stops answering an operator whose row is removed (the role is read per request)', async () => {
    const operator = await createOperator(
      ctx.app,
      ctx.database.db,
      ctx.env.DATA_DIR,
      'removed@example.com',
    );
    expect((await audit(ctx, operator.token)).statusCode).toBe(200);
    await ctx.database.db.delete(operators);
    expect((await audit(ctx, operator.token)).json().error).toBe('OPERATOR_ONLY');
    expect(await profile(ctx, operator.token)).not.toHaveProperty('isOperator');
  });

  it('keeps the bearer flow for people without two-factor: sign-in, token, API', async () => {
    const person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'plain@example.com');
    expect((await profile(ctx, person.token)).email).toBe('plain@example.com');
  });

  it('documents every console route under `admin`, behind the bearer token, answering 401 and 403', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Operation = { tags?: string[]; security?: unknown; responses?: Record<string, unknown> };
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const consoleOperations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([, methods]) => Object.values(methods));
    expect(consoleOperations.length).toBeGreaterThan(20);
    for (const operation of consoleOperations) {
      expect(operation.tags).toEqual(['admin']);
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses ?? {})).toEqual(
        expect.arrayContaining(['401', '403']),
      );
    }
  });
});
