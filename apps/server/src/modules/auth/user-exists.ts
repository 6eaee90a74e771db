import { eq, sql } from 'drizzle-orm';
import { user } from './auth-tables';
import type { AppDb } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';

/** Prepared once per database: every request and every realtime join asks it. */
const preparedFor = preparedPerDatabase((db) =>
  db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_exists'),
);

/** Whether the account behind a token is still there (deleted accounts keep no tokens). */
export async function userExists(db: AppDb, userId: string): Promise<boolean> {
  const rows = await preparedFor(db).execute({ userId });
  return rows.length > 0;
}
