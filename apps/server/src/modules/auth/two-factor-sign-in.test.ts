import { TRUST_DEVICE_DAYS } from '@nocturne/contract/auth/two-factor';
import { profileSchema } from '@nocturne/contract/users/get-profile';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, TEST_PASSWORD } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { totpCode } from '../../../test/totp-code';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };
const EMAIL = 'ops@example.com';

/** A browser's cookie jar: later answers replace earlier cookies, expired ones leave it. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      if (cookie.value && cookie.maxAge !== 0) this.cookies.set(cookie.name, cookie.value);
      else this.cookies.delete(cookie.name);
    }
    return response;
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe('two-factor sign-in through the auth API, as the web app drives it', () => {
  let ctx: TestApp;
  // better-auth allows 3 two-factor requests per address per 10 s: each call comes from its own.
  let address = 0;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '10000', OPERATOR_EMAILS: EMAIL },
    });
  });
  afterAll(() => ctx.close());

  const auth = async (jar: CookieJar, url: string, payload: object = {}) => {
    address += 1;
    return jar.take(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/auth${url}`,
        headers: { ...ORIGIN, cookie: jar.header() },
        remoteAddress: `10.88.${address >> 8}.${address & 255}`,
        payload: payload as Record<string, unknown>,
      }),
    );
  };
  const tokenOf = (jar: CookieJar) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: jar.header() } });
  const bearer = async (jar: CookieJar, url: string) => {
    const token = await tokenOf(jar);
    expect(token.statusCode).toBe(200);
    const authorization = `Bearer ${token.json<{ token: string }>().token}`;
    return ctx.app.inject({ method: 'GET', url, headers: { authorization } });
  };
  const twoFactorOn = async (jar: CookieJar) =>
    profileSchema.parse((await bearer(jar, '/api/v1/profile')).json()).twoFactorEnabled;
  const signIn = (jar: CookieJar) =>
    auth(jar, '/sign-in/email', { email: EMAIL, password: TEST_PASSWORD });

  let totpURI = '';
  let backupCodes: string[] = [];

  it('turns on with the password and a code from the app, ends the other sessions, and the console opens after a new sign-in', async () => {
    await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, EMAIL);
    const jar = new CookieJar();
    await signIn(jar);
    // Another device, signed in before two-factor is on.
    const laptop = new CookieJar();
    await signIn(laptop);
    expect((await tokenOf(laptop)).statusCode).toBe(200);
    expect(await twoFactorOn(jar)).toBe(false);
    const refused = await bearer(jar, '/api/v1/admin/audit');
    expect(refused.json().error).toBe('OPERATOR_TWO_FACTOR_REQUIRED');

    const wrongPassword = await auth(jar, '/two-factor/enable', { password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('INVALID_PASSWORD');

    const enabled = await auth(jar, '/two-factor/enable', { password: TEST_PASSWORD });
    expect(enabled.statusCode).toBe(200);
    ({ totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>());
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Nocturne:ops%40example\.com\?secret=[A-Z2-7]+/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Nocturne');
    expect(backupCodes).toHaveLength(10);
    // Not on until a code proves the app holds the secret.
    expect(await twoFactorOn(jar)).toBe(false);

    const wrongCode = await auth(jar, '/two-factor/verify-totp', { code: '000000' });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json().code).toBe('INVALID_CODE');
    const confirmed = await auth(jar, '/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(confirmed.statusCode).toBe(200);
    expect(await twoFactorOn(jar)).toBe(true);
    // Its session never passed the second step: it ends; the device that turned it on stays in.
    expect((await tokenOf(laptop)).statusCode).toBe(401);

    expect((await auth(jar, '/sign-out')).statusCode).toBe(200);
    expect((await tokenOf(jar)).statusCode).toBe(401);

    // The password alone makes no session.
    const first = await signIn(jar);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await tokenOf(jar)).statusCode).toBe(401);
    const second = await auth(jar, '/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.email).toBe(EMAIL);

    const audit = await bearer(jar, '/api/v1/admin/audit');
    expect(audit.statusCode).toBe(200);
  });

  it('accepts each recovery code once, in place of the app code', async () => {
    const jar = new CookieJar();
    expect((await signIn(jar)).json().twoFactorRedirect).toBe(true);
    const used = await auth(jar, '/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(used.statusCode).toBe(200);
    expect((await bearer(jar, '/api/v1/admin/audit')).statusCode).toBe(200);

    const again = new CookieJar();
    await signIn(again);
    const reused = await auth(again, '/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('INVALID_BACKUP_CODE');
    expect((await tokenOf(again)).statusCode).toBe(401);
  });

  it('skips the code for TRUST_DEVICE_DAYS on a device trusted at the second step', async () => {
    const jar = new CookieJar();
    await signIn(jar);
    const verified = await auth(jar, '/two-factor/verify-totp', {
      code: totpCode(totpURI),
      trustDevice: true,
    });
    const trust = verified.cookies.find((cookie) => cookie.name.endsWith('.trust_device'));
    expect(trust?.maxAge).toBe(TRUST_DEVICE_DAYS * 24 * 60 * 60);
    expect(trust?.httpOnly).toBe(true);
    await auth(jar, '/sign-out');
    const trusted = await signIn(jar);
    expect(trusted.json().twoFactorRedirect).toBeUndefined();
    expect((await tokenOf(jar)).statusCode).toBe(200);
  });

  it('replaces the recovery codes and turns off, each only with the password', async () => {
    const jar = new CookieJar();
    await signIn(jar);
    await auth(jar, '/two-factor/verify-totp', { code: totpCode(totpURI) });
    const refused = await auth(jar, '/two-factor/generate-backup-codes', { password: 'nope' });
    expect(refused.json().code).toBe('INVALID_PASSWORD');
    const fresh = await auth(jar, '/two-factor/generate-backup-codes', { password: TEST_PASSWORD });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ backupCodes: string[] }>().backupCodes;
    expect(codes).toHaveLength(10);

    const old = new CookieJar();
    await signIn(old);
    const stale = await auth(old, '/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(stale.json().code).toBe('INVALID_BACKUP_CODE');
    await auth(old, '/two-factor/verify-backup-code', { code: codes[0] });
    expect((await tokenOf(old)).statusCode).toBe(200);

    expect((await auth(jar, '/two-factor/disable', { password: 'nope' })).statusCode).toBe(400);
    expect((await auth(jar, '/two-factor/disable', { password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    expect(await twoFactorOn(jar)).toBe(false);
    const plain = await signIn(new CookieJar());
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect((await bearer(jar, '/api/v1/admin/audit')).json().error).toBe(
      'OPERATOR_TWO_FACTOR_REQUIRED',
    );
  });
});
