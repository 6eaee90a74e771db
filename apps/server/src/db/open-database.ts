import path from 'node:path';
import type { Database } from './database';
import { openPgliteDatabase } from './open-pglite-database';
import { openPostgresDatabase } from './open-postgres-database';

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/db; both migrated. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgresDatabase(options.databaseUrl);
  return openPgliteDatabase(path.join(options.dataDir, 'db'));
}
