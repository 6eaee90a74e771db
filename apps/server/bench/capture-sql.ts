import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppDb } from '../src/db/database';
import { schema } from '../src/db/schema';

export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The SQL a service function sends, with its parameters, as drizzle's logger sees it just before
 * node-postgres gets it: `run` is called once with a handle on its own pool, and every statement
 * it makes is returned in the order it was issued.
 */
export async function captureSql(
  databaseUrl: string,
  run: (db: AppDb) => Promise<unknown>,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const db = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (text, values) => statements.push({ text, values }) },
    });
    await run(db);
    return statements;
  } finally {
    await pool.end();
  }
}
