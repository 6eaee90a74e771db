import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../src/db/database';
import { createPgliteDatabase, PGLITE_OPTIONS } from '../src/db/open-pglite-database';
import { openPostgresDatabase } from '../src/db/open-postgres-database';
import './provided-context';
import { withDatabase } from './with-database';

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A private, migrated database for one test file; close() also drops it on PostgreSQL. */
export async function openTestDatabase(): Promise<Database> {
  return (await openTestDatabaseWithUrl()).database;
}

/**
 * The same, with its URL on PostgreSQL (undefined on PGlite), for tests that open more
 * connections to it the way other processes would (realtime adapters, a second pool).
 */
export async function openTestDatabaseWithUrl(): Promise<{
  database: Database;
  url: string | undefined;
}> {
  if (inject('databaseKind') === 'pglite') {
    const dump = await readFile(inject('pgliteDumpPath'));
    const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) });
    return { database: await createPgliteDatabase(client), url: undefined };
  }
  const name = `nocturne_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDb')}`);
  const url = withDatabase(inject('postgresAdminUrl'), name);
  const database = await openPostgresDatabase(url);
  return {
    url,
    database: {
      ...database,
      async close() {
        await database.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    },
  };
}
