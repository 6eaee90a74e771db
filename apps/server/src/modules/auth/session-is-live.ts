import { and, eq, gt, sql } from 'drizzle-orm';
import { session } from './auth-tables';
import type { AppDb } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';

/**
 * NOTIFY channel naming an ended session (payload: its id). Sent by the session table's triggers
 * (migration 0018) whenever a session row is deleted or expired, whatever deleted it.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/** Prepared once per database: every token's first use in a process asks it. */
const preparedFor = preparedPerDatabase((db) =>
  db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sql.placeholder('sessionId')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_is_live'),
);

/** Whether the session a token names still exists and has not expired. */
export async function sessionIsLive(db: AppDb, sessionId: string): Promise<boolean> {
  const rows = await preparedFor(db).execute({ sessionId });
  return rows.length > 0;
}
