import { readVerificationLink, TEST_PASSWORD } from './auth-flow';
import { waitFor } from './generation-worker-harness';

async function expectOk(response: Response, step: string): Promise<Response> {
  if (!response.ok) throw new Error(`${step} failed: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Signs up through a running server's real endpoints as a browser on `baseUrl` would (its Origin
 * is the server's own), follows the mailed link, signs in and fetches an access token.
 */
export async function signUpOverHttp(baseUrl: string, dataDir: string, email: string) {
  const json = { origin: baseUrl, 'content-type': 'application/json' };
  await expectOk(
    await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Test User',
        email,
        password: TEST_PASSWORD,
        ageConfirmed: true,
      }),
    }),
    'sign-up',
  );
  const link = new URL(await waitFor(() => readVerificationLink(dataDir, email).catch(() => '')));
  // The link follows PUBLIC_URL; it is opened on baseUrl, the address this test can reach.
  const verify = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
  if (verify.status >= 400) throw new Error(`verify-email failed: ${verify.status}`);
  const signIn = await expectOk(
    await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    }),
    'sign-in',
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const userId = ((await signIn.json()) as { user: { id: string } }).user.id;
  const tokenResponse = await expectOk(
    await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } }),
    'token',
  );
  const { token } = (await tokenResponse.json()) as { token: string };
  return { token, userId };
}
