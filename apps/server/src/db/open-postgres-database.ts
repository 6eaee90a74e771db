import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { schema } from './schema';

/** Opens a node-postgres pool on `connectionString` and applies pending migrations. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection emits 'error' on the pool; without a listener that
  // would crash the process. /health reports the outage instead.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener: a restart's FATAL 57P01 arriving between two
  // statements of a transaction is emitted on the client itself and, unheard, kills the process.
  // Its next query fails instead (503 through the error handler) and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => listenOnDedicatedClient(connectionString, channel, onNotify),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one would be reused by
 * other queries). A lost connection only loses wake-ups: the worker's safety poll still runs.
 */
async function listenOnDedicatedClient(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  });
  await client.connect();
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return async () => {
    await client.end().catch(() => undefined);
  };
}
