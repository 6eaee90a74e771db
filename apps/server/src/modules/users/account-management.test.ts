import { COMMON_PASSWORD_MESSAGE } from '@nocturne/contract/auth/sign-up';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, sessionCookie, signIn, TEST_PASSWORD } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { readOutbox, waitForMailedLink } from '../../../test/read-outbox';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

/** The newest link matching `pattern` in a mail to `email` in DATA_DIR/mail (the outbox). */
async function readMailedLink(dataDir: string, email: string, pattern: RegExp): Promise<URL> {
  for (const raw of (await readOutbox(dataDir, email)).reverse()) {
    const link = pattern.exec(raw)?.[0];
    if (link) return new URL(link);
  }
  throw new Error(`no mail to ${email} with ${String(pattern)}`);
}

describe('account management through better-auth (/api/auth)', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
  });
  afterAll(() => ctx.close());

  const auth = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/auth${url}`,
      headers: { ...ORIGIN, ...(cookie && { cookie }) },
      ...(payload && { payload: payload as Record<string, unknown> }),
    });

  it('changes the password only with the current one', async () => {
    const { cookie } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'pw@example.com');
    const wrong = await auth('POST', '/change-password', cookie, {
      currentPassword: 'not the password',
      newPassword: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    const common = await auth('POST', '/change-password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Iloveyou1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    const right = await auth('POST', '/change-password', cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(right.statusCode).toBe(200);
    expect((await signIn(ctx.app, 'pw@example.com')).statusCode).toBe(401);
    const fresh = await signIn(ctx.app, 'pw@example.com', { password: 'a brand new secret' });
    expect(fresh.statusCode).toBe(200);
  });

  it('resets a forgotten password through the mailed link and ends every session', async () => {
    const { cookie } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'forgot@example.com');
    const request = await auth('POST', '/request-password-reset', undefined, {
      email: 'forgot@example.com',
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    const link = await waitForMailedLink(
      ctx.env.DATA_DIR,
      'forgot@example.com',
      /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/,
    );
    // Opening the link lands on the web app's page with the token in the query.
    const opened = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location as string, TEST_PUBLIC_URL);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const common = await auth('POST', '/reset-password', undefined, {
      token,
      newPassword: 'password123',
    });
    expect(common.json()).toMatchObject({ message: COMMON_PASSWORD_MESSAGE });
    const reset = await auth('POST', '/reset-password', undefined, {
      token,
      newPassword: 'remembered at last',
    });
    expect(reset.statusCode).toBe(200);
    const again = await auth('POST', '/reset-password', undefined, {
      token,
      newPassword: 'someone replays it',
    });
    expect(again.statusCode).toBe(400);
    expect((await signIn(ctx.app, 'forgot@example.com')).statusCode).toBe(401);
    const signedIn = await signIn(ctx.app, 'forgot@example.com', {
      password: 'remembered at last',
    });
    expect(signedIn.statusCode).toBe(200);
    const oldSession = await auth('GET', '/get-session', cookie);
    expect(oldSession.json()).toBeNull();
  });

  it('changes the email only once the new address opens its link', async () => {
    const { cookie, token } = await createVerifiedUser(
      ctx.app,
      ctx.env.DATA_DIR,
      'old@example.com',
    );
    const profile = () =>
      ctx.app
        .inject({
          method: 'GET',
          url: '/api/v1/profile',
          headers: { authorization: `Bearer ${token}` },
        })
        .then((response) => response.json<{ email: string; emailVerified: boolean }>());
    const change = await auth('POST', '/change-email', cookie, {
      newEmail: 'new@example.com',
      callbackURL: '/profile',
    });
    expect(change.statusCode).toBe(200);
    expect((await profile()).email).toBe('old@example.com');

    const link = await readMailedLink(
      ctx.env.DATA_DIR,
      'new@example.com',
      /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/,
    );
    const opened = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/profile');
    expect(await profile()).toMatchObject({ email: 'new@example.com', emailVerified: true });
    expect((await signIn(ctx.app, 'new@example.com')).statusCode).toBe(200);
  });

  it('lists the sessions and signs out the others', async () => {
    const { cookie } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'two@example.com');
    const other = sessionCookie(await signIn(ctx.app, 'two@example.com'));
    const listed = await auth('GET', '/list-sessions', cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toHaveLength(2);

    const revoked = await auth('POST', '/revoke-other-sessions', cookie, {});
    expect(revoked.statusCode).toBe(200);
    expect(await auth('GET', '/list-sessions', cookie).then((r) => r.json())).toHaveLength(1);
    expect((await auth('GET', '/get-session', other)).json()).toBeNull();
    expect((await auth('GET', '/get-session', cookie)).json()).not.toBeNull();
  });
});
