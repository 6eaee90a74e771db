import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './database';
import { listenInLineOnDedicatedClient } from './listen-in-line';
import { createListeningSession } from './listening-session';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { schema } from './schema';

/** The advisory lock migrations run under; any constant no other part of Nocturne uses. */
const MIGRATION_LOCK_KEY = 7_326_110_201;

/**
 * Applies pending migrations once, however many processes start together (an upgrade restarts
 * every API and worker process at once): each takes the same session advisory lock on a
 * connection of its own, so one migrates while the others wait and then find nothing to do.
 */
async function migrateOnce(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the lock too; unlocking first lets a waiter in sooner.
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}

/** Opens a node-postgres pool on `connectionString` and applies pending migrations. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  await migrateOnce(connectionString);
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection emits 'error' on the pool; without a listener that
  // would crash the process. /health reports the outage instead.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener: a restart's FATAL 57P01 arriving between two
  // statements of a transaction is emitted on the client itself and, unheard, kills the process.
  // Its next query fails instead (503 through the error handler) and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: createListeningSession(connectionString),
    listenInLine: (channel, line, onWake) =>
      listenInLineOnDedicatedClient({ connectionString, channel, line, onWake }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
