import { mkdir } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { schema } from './schema';

/**
 * Every PGlite must be created with these: the migrations run `CREATE EXTENSION pg_trgm` (gallery
 * search), and PGlite can only load an extension it was handed at creation.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

/**
 * Wraps an open PGlite (in-process PostgreSQL) and applies pending migrations. PGlite writes to its
 * data dir and syncs on commit, so an acknowledged write survives a crash.
 */
export async function createPgliteDatabase(client: PGlite): Promise<Database> {
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, onNotify) {
      // PGlite is one in-process session: its own NOTIFYs are delivered to its own listeners.
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async listenInLine(channel, _line, onWake) {
      // One in-process session, whose NOTIFYs reach every listener at once: no line, each listens.
      const unlisten = await client.listen(channel, () => onWake());
      let stopped = false;
      return {
        join: () => undefined,
        leave: () => undefined,
        async stop() {
          if (closed || stopped) return;
          stopped = true;
          await unlisten();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** Opens (creating if needed) the PGlite cluster in `dataDir`. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  try {
    return await createPgliteDatabase(client);
  } catch (error) {
    await client.close();
    throw error;
  }
}
