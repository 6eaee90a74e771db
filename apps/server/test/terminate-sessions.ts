import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';

/**
 * Ends, from the server side as a restart would, every other session whose last statement names
 * `channel` (the LISTEN sessions on it); resolves with how many.
 */
export async function terminateSessionsOf(database: Database, channel: string): Promise<number> {
  const { rows } = (await database.db.execute(
    sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database()
          and query ilike ${`%${channel}%`}`,
  )) as unknown as { rows: unknown[] };
  return rows.length;
}
