import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Signed-out defaults: every test starts with no session and no token. */
export const defaultHandlers = [
  http.get('*/api/auth/get-session', () => HttpResponse.json(null)),
  http.get('*/api/auth/token', () =>
    HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, { status: 401 }),
  ),
  http.get('*/health', () => HttpResponse.json({ status: 'ok' })),
];

export const server = setupServer(...defaultHandlers);
