import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_URL } from './create-test-app';
import { readOutbox } from './read-outbox';

/** A browser on TEST_PUBLIC_URL: its Origin matches the address it sends to, whatever PUBLIC_URL is. */
const ORIGIN = { origin: TEST_PUBLIC_URL, host: new URL(TEST_PUBLIC_URL).host };
export const TEST_PASSWORD = 'correct horse battery';

export function signUp(app: FastifyInstance, email: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: ORIGIN,
    payload: { name: 'Test User', email, password: TEST_PASSWORD, ageConfirmed: true, ...extra },
  });
}

export function signIn(
  app: FastifyInstance,
  email: string,
  options: { password?: string; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    remoteAddress: options.remoteAddress,
    payload: { email, password: options.password ?? TEST_PASSWORD },
  });
}

/** The verification link from the newest .eml addressed to `email` in DATA_DIR/mail. */
export async function readVerificationLink(dataDir: string, email: string): Promise<string> {
  for (const raw of (await readOutbox(dataDir, email)).reverse()) {
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(raw)?.[0];
    if (link) return link;
  }
  throw new Error(`no verification mail for ${email} in ${dataDir}/mail`);
}

export function sessionCookie(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Signs up, follows the mailed link, signs in and returns a fresh access token. */
export async function createVerifiedUser(app: FastifyInstance, dataDir: string, email: string) {
  const signUpResponse = await signUp(app, email);
  if (signUpResponse.statusCode !== 200) throw new Error(`sign-up failed: ${signUpResponse.body}`);
  const link = new URL(await readVerificationLink(dataDir, email));
  await app.inject({ method: 'GET', url: link.pathname + link.search });
  const signInResponse = await signIn(app, email);
  if (signInResponse.statusCode !== 200) throw new Error(`sign-in failed: ${signInResponse.body}`);
  const cookie = sessionCookie(signInResponse);
  const tokenResponse = await app.inject({
    method: 'GET',
    url: '/api/auth/token',
    headers: { cookie },
  });
  const { token } = tokenResponse.json<{ token: string }>();
  const userId = signInResponse.json<{ user: { id: string } }>().user.id;
  return { token, cookie, userId };
}
