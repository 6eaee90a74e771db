import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { createVerifiedUser, sessionCookie, signIn } from './auth-flow';
import { TEST_PUBLIC_URL } from './create-test-app';
import { waitForMailedLink } from './read-outbox';

const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };

/** One signed-in browser: its session cookie, an access token and the session it names. */
export interface Device {
  cookie: string;
  token: string;
  sessionId: string;
}

async function tokenFor(app: FastifyInstance, cookie: string): Promise<Device> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  const { token } = response.json<{ token: string }>();
  return { cookie, token, sessionId: String(decodeJwt(token).sid) };
}

/** A new verified person signed in on two devices (two sessions). */
export async function personOnTwoDevices(app: FastifyInstance, dataDir: string, email: string) {
  const first = await createVerifiedUser(app, dataDir, email);
  const second = sessionCookie(await signIn(app, email));
  return {
    userId: first.userId,
    caller: await tokenFor(app, first.cookie),
    other: await tokenFor(app, second),
  };
}

/** A better-auth endpoint called from the web app's origin, with a device's cookie. */
export function authCall(
  app: FastifyInstance,
  url: string,
  cookie?: string,
  payload?: object,
  remoteAddress?: string,
) {
  return app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/auth${url}`,
    remoteAddress,
    headers: { ...ORIGIN, ...(cookie && { cookie }) },
    ...(payload && { payload: payload as Record<string, unknown> }),
  });
}

/** `GET /api/v1/credits` with a device's token: 404 (no account yet) while the token is good. */
export function readCredits(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'GET',
    url: '/api/v1/credits',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Asks for a reset mail, takes the token from its link and sets `newPassword` with it. */
export async function resetPasswordByMail(
  app: FastifyInstance,
  dataDir: string,
  email: string,
  newPassword: string,
) {
  await authCall(app, '/request-password-reset', undefined, {
    email,
    redirectTo: '/reset-password',
  });
  // The reset mail leaves after the answer (decision 043).
  const link = await waitForMailedLink(
    dataDir,
    email,
    /https?:\/\/\S+\/api\/auth\/reset-password\/[^?\s]+/,
  );
  const token = link.pathname.split('/').at(-1);
  return authCall(app, '/reset-password', undefined, { token, newPassword });
}
