import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { operators } from '../src/modules/operators/operators-tables';
import type { AppDb } from '../src/db/database';
import { createVerifiedUser, sessionCookie, signIn, TEST_PASSWORD } from './auth-flow';
import { TEST_PUBLIC_URL } from './create-test-app';
import { totpCode } from './totp-code';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

/**
 * better-auth allows 3 two-factor requests per IP per 10 s (its brute-force bound); each test
 * person signs in from an address of their own, as different people would.
 */
function addressOf(cookie: string): string {
  const [a = 1, b = 1] = createHash('sha256').update(cookie).digest();
  return `10.77.${a}.${b}`;
}

function authPost(
  app: FastifyInstance,
  url: string,
  cookie: string,
  payload: object,
  remoteAddress: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${url}`,
    headers: { ...ORIGIN, cookie },
    remoteAddress,
    payload: payload as Record<string, unknown>,
  });
}

async function tokenFor(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`token failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/**
 * Turns on two-factor sign-in the way the web app does (enable with the password, confirm with a
 * code from the authenticator) and answers the TOTP URI and the backup codes.
 */
export async function enableTwoFactor(app: FastifyInstance, cookie: string) {
  const remoteAddress = addressOf(cookie);
  const enabled = await authPost(
    app,
    '/two-factor/enable',
    cookie,
    { password: TEST_PASSWORD },
    remoteAddress,
  );
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const confirmed = await authPost(
    app,
    '/two-factor/verify-totp',
    cookie,
    { code: totpCode(totpURI) },
    remoteAddress,
  );
  if (confirmed.statusCode !== 200) throw new Error(`verify failed: ${confirmed.body}`);
  return { totpURI, backupCodes };
}

/** Signs in with the password, then the TOTP step; answers the new session's cookie and token. */
export async function signInWithTotp(app: FastifyInstance, email: string, totpURI: string) {
  const first = await signIn(app, email);
  const pending = sessionCookie(first);
  const second = await authPost(
    app,
    '/two-factor/verify-totp',
    pending,
    { code: totpCode(totpURI) },
    addressOf(pending),
  );
  if (second.statusCode !== 200) throw new Error(`verify-totp failed: ${second.body}`);
  const cookie = sessionCookie(second);
  return { first, cookie, token: await tokenFor(app, cookie) };
}

/** A verified operator (an `operators` row) with two-factor sign-in on, and a token from it. */
export async function createOperator(
  app: FastifyInstance,
  db: AppDb,
  dataDir: string,
  email: string,
) {
  const person = await createVerifiedUser(app, dataDir, email);
  await db.insert(operators).values({ userId: person.userId });
  const { totpURI } = await enableTwoFactor(app, person.cookie);
  const { token, cookie } = await signInWithTotp(app, email, totpURI);
  return { userId: person.userId, token, cookie, totpURI };
}
