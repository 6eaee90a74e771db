import { http, HttpResponse } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { server } from '../../test/support/msw-server';
import { startEarlyRequests } from './start-early-requests';
import { startFirstRequests } from './start-first-requests';

// The dashboard's chunk arrives after the token's answer, as on a slow network (decision 028).
vi.mock('./routes/app/prefetch-dashboard', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return importOriginal();
});

afterEach(() => {
  server.events.removeAllListeners();
});

it('signed out on /dashboard, asks for the token once and for no data', async () => {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(new URL(request.url).pathname);
  });
  server.use(
    http.get('*/api/auth/get-session', () => HttpResponse.json(null)),
    http.get('*/api/auth/token', () =>
      HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 }),
    ),
  );
  startEarlyRequests('/dashboard');
  startFirstRequests(createQueryClient(), '/dashboard');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen.sort()).toEqual(['/api/auth/get-session', '/api/auth/token']);
});
