import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '../features/auth/api/get-session';
import { tokenManager } from '../lib/auth-token';
import { createQueryClient } from '../lib/query-client';
import { createTestJwt, testSession } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { startFirstRequests } from './start-first-requests';

/** Records the auth endpoints asked for, answering as for a signed-in user. */
function recordAuthCalls() {
  const calls: string[] = [];
  server.use(
    http.get('*/api/auth/get-session', () => {
      calls.push('session');
      return HttpResponse.json(testSession);
    }),
    http.get('*/api/auth/token', () => {
      calls.push('token');
      return HttpResponse.json({ token: createTestJwt(Date.now() + 15 * 60 * 1000) });
    }),
  );
  return calls;
}

beforeEach(() => tokenManager.clear());
afterEach(() => tokenManager.clear());

describe('startFirstRequests (issue 9: no waterfall behind the route chunks)', () => {
  it('on a signed-in page asks for the session and the API token at once', async () => {
    const calls = recordAuthCalls();
    const queryClient = createQueryClient();
    startFirstRequests(queryClient, '/profile');
    await expect.poll(() => calls.sort()).toEqual(['session', 'token']);
    await expect.poll(() => queryClient.getQueryData(SESSION_QUERY_KEY)).toBeTruthy();
    // The token is kept for the first API calls: no second request.
    await tokenManager.getToken();
    expect(calls.filter((call) => call === 'token')).toHaveLength(1);
  });

  it('elsewhere asks only for the session (a signed-out visitor would get a 401 token)', async () => {
    const calls = recordAuthCalls();
    startFirstRequests(createQueryClient(), '/login');
    await expect.poll(() => calls).toEqual(['session']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual(['session']);
  });
});

describe('prefetchDashboard', () => {
  it('on /dashboard fills the cache with the gallery, engine status, preferences and the active-subscription check', async () => {
    recordAuthCalls();
    server.use(
      http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    );
    const queryClient = createQueryClient();
    startFirstRequests(queryClient, '/dashboard');
    await expect
      .poll(() =>
        [
          ['favorites', 'list'],
          ['image-engine'],
          ['user', 'preferences'],
          ['subscriptions', 'active-check'],
        ].map((key) => queryClient.getQueryCache().findAll({ queryKey: key })[0]?.state.status),
      )
      .toEqual(['success', 'success', 'success', 'success']);
  });

  it('asks for nothing without a token (signed out)', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/auth/token', () => new HttpResponse(null, { status: 401 })),
      http.get('*/api/v1/*', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({});
      }),
    );
    const queryClient = createQueryClient();
    const { prefetchDashboard } = await import('./routes/app/prefetch-dashboard');
    await prefetchDashboard(queryClient);
    expect(seen).toEqual([]);
  });
});
