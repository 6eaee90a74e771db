import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { fetchClaimingEarly } from './early-requests';
import { apiUrl } from './url';

/**
 * better-auth's browser client for the server's `/api/auth` endpoints (same origin by default).
 * `ageConfirmed` is Nocturne's 18+ sign-up field; declaring it types `signUp.email`.
 */
export const authClient = createAuthClient({
  baseURL: apiUrl(''),
  basePath: '/api/auth',
  // Resolve `fetch` per call instead of capturing it at start-up, so instrumentation installed
  // later (MSW in tests, monitoring in production) sees auth traffic too. The session and the
  // token may already be on their way, started by the entry (early-requests.ts).
  fetchOptions: { customFetchImpl: fetchClaimingEarly },
  plugins: [
    inferAdditionalFields({
      user: { ageConfirmed: { type: 'boolean', required: true, input: true } },
    }),
  ],
});

export type AuthSession = typeof authClient.$Infer.Session;
export type AuthUser = AuthSession['user'];

/**
 * `GET /api/auth/token` (better-auth JWT plugin). Resolves null when signed out (401) and throws on
 * any other failure, so callers can tell "no session" from "could not refresh".
 */
export async function fetchAuthToken(): Promise<string | null> {
  // zod stays out of the landing's first load: only signed-in pages ever ask for a token. The
  // schema loads beside the request, not after its answer, so it adds no round trip.
  const schema = Promise.all([import('@nocturne/contract/auth/get-token'), import('./zod-config')]);
  // Read only after a successful answer; a chunk that fails to load must not go unhandled before.
  schema.catch(() => {});
  const { data, error } = await authClient.$fetch<unknown>('/token', { method: 'GET' });
  if (error) {
    if (error.status === 401) return null;
    throw new Error(`Token request failed with status ${error.status}`);
  }
  const [{ getTokenResponseSchema }] = await schema;
  const parsed = getTokenResponseSchema.safeParse(data);
  if (!parsed.success) throw new Error('Token response is malformed');
  return parsed.data.token;
}
