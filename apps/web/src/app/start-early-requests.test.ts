import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { createTestJwt, testSession } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { startEarlyRequests } from './start-early-requests';
import { startFirstRequests } from './start-first-requests';

/** Records every request by path, answering as for a signed-in user with an empty gallery. */
function recordRequests(signedIn = true) {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).pathname);
  });
  server.use(
    http.get('*/api/auth/get-session', () => HttpResponse.json(signedIn ? testSession : null)),
    http.get('*/api/auth/token', () =>
      signedIn
        ? HttpResponse.json({ token: createTestJwt(Date.now() + 15 * 60 * 1000) })
        : HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 }),
    ),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
  );
  return seen;
}

const DASHBOARD_QUERIES = [
  ['favorites', 'list'],
  ['image-engine'],
  ['user', 'preferences'],
  ['subscriptions', 'active-check'],
];

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** The entry's start, then the app's as main.ts and start-app.tsx run them. */
function loadPage(pathname: string) {
  startEarlyRequests(pathname);
  const queryClient = createQueryClient();
  startFirstRequests(queryClient, pathname);
  const states = () =>
    DASHBOARD_QUERIES.map((key) => queryClient.getQueryCache().findAll({ queryKey: key })[0]);
  return { queryClient, states };
}

describe('startEarlyRequests (docs/decisions/028)', () => {
  it("on /dashboard asks for the session, the token and the page's data once each: the app takes the answers over", async () => {
    const seen = recordRequests();
    const { states } = loadPage('/dashboard');
    await expect
      .poll(() => states().map((query) => query?.state.status))
      .toEqual(['success', 'success', 'success', 'success']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.sort()).toEqual([
      '/api/auth/get-session',
      '/api/auth/token',
      '/api/v1/credits',
      '/api/v1/favorites',
      '/api/v1/image-engine',
      '/api/v1/subscriptions/active',
      '/api/v1/user/preferences',
    ]);
  });

  it('leaves every answer to its schema: a malformed one still fails its query', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen = recordRequests();
    server.use(http.get('*/api/v1/favorites', () => HttpResponse.json({ favorites: 'none' })));
    const { states } = loadPage('/dashboard');
    await expect.poll(() => states()[0]?.state.status).toBe('error');
    const error = states()[0]?.state.error;
    expect(isApiError(error) && error.code).toBe('INTERNAL_ERROR');
    expect(seen.filter((path) => path === '/api/v1/favorites')).toHaveLength(1);
  });

  it('signed out, asks for no data', async () => {
    const seen = recordRequests(false);
    loadPage('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.sort()).toEqual(['/api/auth/get-session', '/api/auth/token']);
  });

  it('off the signed-in pages, asks only for the session', async () => {
    const seen = recordRequests();
    loadPage('/login');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['/api/auth/get-session']);
  });
});
