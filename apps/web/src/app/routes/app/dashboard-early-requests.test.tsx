import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';
import { startEarlyRequests } from '../../start-early-requests';
import { startFirstRequests } from '../../start-first-requests';

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
  );
});

afterEach(() => server.events.removeAllListeners());

describe('/dashboard loaded as main.ts starts it (docs/decisions/028)', () => {
  it('sends each of its first requests once: the shell and the page take the early answers over', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
    });
    startEarlyRequests('/dashboard');
    const { queryClient } = renderApp('/dashboard');
    startFirstRequests(queryClient, '/dashboard');
    await screen.findByText('Your gallery is empty');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const counts = Object.fromEntries(seen.map((path) => [path, 0]));
    for (const path of seen) counts[path]! += 1;
    expect(counts).toEqual({
      '/api/auth/get-session': 1,
      '/api/auth/token': 1,
      '/api/v1/credits': 1,
      '/api/v1/favorites': 1,
      '/api/v1/image-engine': 1,
      '/api/v1/models': 1,
      // The announcement banner's read, once the page has shown its data.
      '/api/v1/service-status': 1,
      '/api/v1/subscriptions/active': 1,
      '/api/v1/user/preferences': 1,
    });
  });
});
