import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { waitFor } from '../../../test/generation-worker-harness';

/**
 * Two API processes on one database: each remembers for a while that a token's user exists, so a
 * deletion in one must reach the other at once (NOTIFY user_deleted), not after the cache's TTL.
 */
describe('account deletion across processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("the other process refuses the deleted person's token within moments", async () => {
    const alice = await createVerifiedUser(first.app, first.env.DATA_DIR, 'alice@example.com');
    const readCredits = () =>
      second.app.inject({
        method: 'GET',
        url: '/api/v1/credits',
        headers: { authorization: `Bearer ${alice.token}` },
      });
    // A new person has no credit account yet (404), but the token is accepted and remembered.
    expect((await readCredits()).statusCode).toBe(404);
    const deleted = await first.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/account',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    await waitFor(async () => (await readCredits()).statusCode === 401, 3_000);
  });
});
