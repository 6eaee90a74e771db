import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { EMAIL_VERIFIED_CALLBACK_PATH } from '@nocturne/contract/app-routes';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  readVerificationLink,
  signUp,
  TEST_PASSWORD,
} from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { waitForMailedLink } from '../../../test/read-outbox';
import { user, verification } from './auth-tables';

/** A client that names another host: nothing stops a non-browser client from sending these. */
const FORGED = { host: 'evil.example', origin: 'http://evil.example' };
const REFUSED = {
  error: 'ORIGIN_NOT_ALLOWED',
  message: PRODUCT_ERRORS.ORIGIN_NOT_ALLOWED.message,
};
const RESET_LINK = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/;
const VITE_ORIGIN = 'http://localhost:5173';
/** Dozens of refused attempts from one address: the limits are not what is tested here. */
const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '10000',
  SIGN_UP_MAX_PER_IP_PER_MINUTE: '1000',
  SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000',
};

/** Targets off the server's origins, written the ways a parser might be talked into following. */
const FOREIGN_TARGETS = [
  'http://evil.example/x',
  '//evil.example/x',
  '/\\evil.example/x',
  '/\t/evil.example/x',
  'http://localhost:3000.evil.example/x',
  'javascript:alert(1)',
  `${VITE_ORIGIN}/x`,
];

async function resetTokens(ctx: TestApp) {
  return ctx.database.db
    .select()
    .from(verification)
    .where(like(verification.identifier, 'reset-password:%'));
}

describe('mailed links and redirects with PUBLIC_URL unset', () => {
  let ctx: TestApp;
  let cookie: string;
  const email = 'victim@example.com';
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { ...LIMITS, PUBLIC_URL: '' },
    });
    ({ cookie } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, email));
  });
  afterAll(() => ctx.close());

  let sender = 0;
  /** Each from its own address: better-auth's per-route limits count refused attempts too. */
  const post = (url: string, payload: object, headers: Record<string, string> = FORGED) => {
    sender += 1;
    const remoteAddress = `10.0.${Math.floor(sender / 250)}.${sender % 250}`;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/auth${url}`,
      headers,
      payload,
      remoteAddress,
    });
  };

  it('mails a reset requested with a forged Host a link to the server itself', async () => {
    expect(ctx.env.PUBLIC_URL).toBe('http://localhost:3000');
    const response = await post('/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(response.statusCode).toBe(200);
    const link = await waitForMailedLink(ctx.env.DATA_DIR, email, RESET_LINK);
    expect(link.origin).toBe(ctx.env.PUBLIC_URL);
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password');

    // The link, even opened with the forged Host, lands on a path of whatever origin serves it.
    const opened = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: FORGED.host },
    });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string);
    expect(landing.origin).toBe(ctx.env.PUBLIC_URL);
    expect(landing.pathname).toBe('/reset-password');

    // The same token with a foreign callbackURL sends nobody anywhere.
    link.searchParams.set('callbackURL', 'http://evil.example/x');
    const diverted = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: FORGED.host },
    });
    expect(diverted.statusCode).toBe(403);
    expect(diverted.headers.location).toBeUndefined();
    expect(diverted.json()).toEqual(REFUSED);
  });

  it('refuses a reset whose redirectTo is on the forged host, creating no token', async () => {
    const before = await resetTokens(ctx);
    const response = await post('/request-password-reset', {
      email,
      redirectTo: 'http://evil.example/reset',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect(await resetTokens(ctx)).toHaveLength(before.length);
  });

  it('refuses a verification link whose callbackURL is foreign, and leaves the address unverified', async () => {
    const pending = 'pending@example.com';
    expect((await signUp(ctx.app, pending)).statusCode).toBe(200);
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, pending));
    expect(link.origin).toBe(ctx.env.PUBLIC_URL);
    const diverted = new URL(link);
    diverted.searchParams.set('callbackURL', 'http://evil.example/x');
    const visit = await ctx.app.inject({
      method: 'GET',
      url: diverted.pathname + diverted.search,
      headers: { host: FORGED.host },
    });
    expect(visit.statusCode).toBe(403);
    expect(visit.headers.location).toBeUndefined();
    const [row] = await ctx.database.db.select().from(user).where(eq(user.email, pending));
    expect(row?.emailVerified).toBe(false);

    // The link as mailed still works.
    const genuine = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(genuine.statusCode).toBe(302);
    expect(genuine.headers.location).toBe(EMAIL_VERIFIED_CALLBACK_PATH);
  });

  it('refuses every foreign redirect or callback URL better-auth takes', async () => {
    const fields: [string, string, Record<string, unknown>, Record<string, string>?][] = [
      ['/sign-up/email', 'callbackURL', { name: 'N', password: TEST_PASSWORD, ageConfirmed: true }],
      [
        '/sign-up/email',
        'errorCallbackURL',
        { name: 'N', password: TEST_PASSWORD, ageConfirmed: true },
      ],
      [
        '/sign-up/email',
        'newUserCallbackURL',
        { name: 'N', password: TEST_PASSWORD, ageConfirmed: true },
      ],
      ['/sign-in/email', 'callbackURL', { password: TEST_PASSWORD }],
      ['/send-verification-email', 'callbackURL', {}],
      ['/request-password-reset', 'redirectTo', {}],
      ['/change-email', 'callbackURL', { newEmail: 'moved@example.com' }, { ...FORGED, cookie }],
      ['/delete-user', 'callbackURL', {}, { ...FORGED, cookie }],
    ];
    for (const [path, field, rest, headers] of fields) {
      for (const target of FOREIGN_TARGETS) {
        const response = await post(
          path,
          { email: 'someone@example.com', ...rest, [field]: target },
          headers,
        );
        expect({ path, field, target, status: response.statusCode, body: response.json() }).toEqual(
          {
            path,
            field,
            target,
            status: 403,
            body: REFUSED,
          },
        );
      }
    }
    expect(
      await ctx.database.db.select().from(user).where(eq(user.email, 'someone@example.com')),
    ).toHaveLength(0);
    expect((await ctx.database.db.select().from(user).where(eq(user.email, email)))[0]?.email).toBe(
      email,
    );
  });

  it('does not trust the Vite dev origin unless it is configured', async () => {
    const response = await post(
      '/sign-up/email',
      { name: 'Dev', email: 'dev@example.com', password: TEST_PASSWORD, ageConfirmed: true },
      { host: 'localhost:3000', origin: VITE_ORIGIN },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
  });
});

describe('with the Vite dev origin in CORS_ORIGINS (what npm run dev passes)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { ...LIMITS, PUBLIC_URL: '', CORS_ORIGINS: VITE_ORIGIN },
    });
  });
  afterAll(() => ctx.close());

  it('accepts a sign-up from it and a callback to it, and still links to the server itself', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { host: 'localhost:3000', origin: VITE_ORIGIN },
      payload: {
        name: 'Dev',
        email: 'dev@example.com',
        password: TEST_PASSWORD,
        ageConfirmed: true,
        callbackURL: `${VITE_ORIGIN}/email-verified`,
      },
    });
    expect(response.statusCode).toBe(200);
    const link = new URL(await readVerificationLink(ctx.env.DATA_DIR, 'dev@example.com'));
    expect(link.origin).toBe(ctx.env.PUBLIC_URL);
    expect(link.searchParams.get('callbackURL')).toBe(`${VITE_ORIGIN}/email-verified`);
  });
});
