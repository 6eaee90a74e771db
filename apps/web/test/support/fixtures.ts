import { http, HttpResponse } from 'msw';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given expiry (the client only reads `exp`, it never verifies). */
export function createTestJwt(expiresAtMs: number, subject = 'user-1'): string {
  const header = base64Url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ sub: subject, exp: Math.floor(expiresAtMs / 1000) }));
  return `${header}.${payload}.signature`;
}

export const testUser = {
  id: 'user-1',
  name: 'Night Owl',
  email: 'owl@example.com',
  emailVerified: true,
  image: null,
  ageConfirmed: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const testSession = {
  session: {
    id: 'session-1',
    userId: testUser.id,
    token: 'session-token',
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  user: testUser,
};

/** Handlers for a signed-in user with a fresh token. */
export function signedInHandlers(token = createTestJwt(Date.now() + 15 * 60 * 1000)) {
  return [
    http.get('*/api/auth/get-session', () => HttpResponse.json(testSession)),
    http.get('*/api/auth/token', () => HttpResponse.json({ token })),
  ];
}
