import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import '../../test/provided-context';
import { withDatabase } from '../../test/with-database';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { openPostgresDatabase } from './open-postgres-database';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// PGlite is one process: only PostgreSQL has several processes migrating at once.
describe.runIf(inject('databaseKind') === 'postgres')('migrations on PostgreSQL', () => {
  it('run once when several processes start together on an empty database', async () => {
    const name = `nocturne_migrate_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = withDatabase(inject('postgresAdminUrl'), name);
    try {
      const processes = await Promise.all(
        Array.from({ length: 4 }, () => openPostgresDatabase(url)),
      );
      await Promise.all(processes.map((database) => database.close()));
      const journal = JSON.parse(
        await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const database = new pg.Client({ connectionString: url });
      await database.connect();
      const applied = await database
        .query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')
        .finally(() => database.end());
      expect(Number(applied.rows[0]?.count)).toBe(journal.entries.length);
    } finally {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
