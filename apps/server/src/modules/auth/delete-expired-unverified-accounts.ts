import { and, eq, lt } from 'drizzle-orm';
import { user } from './auth-tables';
import type { DbHandle } from '../../db/database';

/**
 * How long a sign-up may stay unverified: far past the verification link's own hour, so a person
 * who opens the mail the next morning can still ask for a new link.
 */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes accounts whose address was never verified within UNVERIFIED_ACCOUNT_TTL_MS (their
 * sessions and sign-in methods go with them by cascade), so an address cannot be held by a
 * sign-up nobody completes. Answers how many went.
 */
export async function deleteExpiredUnverifiedAccounts(options: {
  db: DbHandle;
  now?: Date;
}): Promise<number> {
  const now = options.now ?? new Date();
  const deleted = await options.db
    .delete(user)
    .where(
      and(
        eq(user.emailVerified, false),
        lt(user.createdAt, new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS)),
      ),
    )
    .returning({ id: user.id });
  return deleted.length;
}
