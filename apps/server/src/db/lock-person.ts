import { sql } from 'drizzle-orm';
import type { DbHandle } from './database';

/**
 * Takes one of the person's locks until the transaction ends; `scope` names what it guards
 * (their queue, their webhooks…). Writers of the same scope for the same person take turns, so
 * a count read after the lock cannot let two of them both take the last place. It is its own
 * statement on purpose: under READ COMMITTED each later statement of the transaction reads a
 * snapshot taken after the lock was granted, and so sees what the previous holder committed.
 */
export async function lockPerson(tx: DbHandle, scope: string, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${userId}`}, 0))`);
}
