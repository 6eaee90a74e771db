import { describe, expect, it } from 'vitest';
import { accessTokenPayload } from './access-token-payload';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const user = { email: 'alice@example.com', name: 'Alice' };

describe('access token payload', () => {
  it('names the session and keeps the 15-minute default while the session lasts longer', () => {
    const expiresAt = new Date(NOW + 7 * 24 * 3600_000);
    expect(accessTokenPayload({ user, session: { id: 's1', expiresAt } }, NOW)).toEqual({
      email: 'alice@example.com',
      name: 'Alice',
      sid: 's1',
    });
  });

  it('ends the token when the session expires, if that comes first', () => {
    const expiresAt = new Date(NOW + 5 * 60_000);
    expect(accessTokenPayload({ user, session: { id: 's1', expiresAt } }, NOW)).toMatchObject({
      sid: 's1',
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
  });
});
