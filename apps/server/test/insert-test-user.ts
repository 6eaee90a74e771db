import { randomUUID } from 'node:crypto';
import type { AppDb } from '../src/db/database';
import { user } from '../src/modules/auth/auth-tables';

/**
 * A bare `user` row for service-level tests that need a user id but not the sign-up flow (which
 * hashes a password and sends mail, seconds per user).
 */
export async function insertTestUser(db: AppDb): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({
    id,
    name: 'Ledger Test',
    email: `${id}@example.com`,
    emailVerified: true,
    ageConfirmedAt: new Date(),
  });
  return id;
}
