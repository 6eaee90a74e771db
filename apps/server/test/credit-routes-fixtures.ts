import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';

export const errorBody = (code: ErrorCode) => ({
  error: code,
  message: ERROR_CATALOGUE[code].message,
});

/** The app with alice and bob signed up, neither with a credit record yet. */
export async function startCreditsApp() {
  // Room for the 20 concurrent claims of the claim tests (the per-person claim limit would answer
  // 429 first).
  const ctx = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '10000', DAILY_CLAIM_MAX_PER_USER_PER_MINUTE: '100' },
  });
  const alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
  const bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  return { ctx, alice, bob };
}

/** A request to `/api/v1${url}` on the app of `app()`, with the bearer token when there is one. */
export function creditsCall(app: () => TestApp) {
  return (
    method: 'GET' | 'POST',
    url: string,
    token: string | undefined,
    extra: { payload?: string; headers?: Record<string, string> } = {},
  ) =>
    app().app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra.headers },
      payload: extra.payload,
    });
}
