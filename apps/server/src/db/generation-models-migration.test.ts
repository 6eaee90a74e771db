import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PGLITE_OPTIONS } from './open-pglite-database';

/**
 * Migration 0020 labels the generations made before it (docs/models.md). Its own PGlite, so the
 * PostgreSQL project does not repeat it.
 */
describe.runIf(inject('databaseKind') === 'pglite')('migration 0020: generations.model', () => {
  let before: string | undefined;
  afterAll(() => (before ? rm(before, { recursive: true, force: true }) : undefined));

  it('takes the model from the backend that ran it, else sd-turbo', async () => {
    // The migrations folder as it was before 0020.
    before = await mkdtemp(path.join(tmpdir(), 'nocturne-migrations-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { idx: number }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.idx < 20);
    await writeFile(journalFile, JSON.stringify(journal));

    const client = await PGlite.create(PGLITE_OPTIONS);
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: before });
      await db.execute(sql`
        INSERT INTO "user" (id, name, email, email_verified, age_confirmed_at, created_at, updated_at)
        VALUES ('u1', 'Old', 'old@example.test', true, now(), now(), now())`);
      await db.execute(sql`
        INSERT INTO generations (request_id, user_id, content_prompt, backend)
        VALUES ('cpu', 'u1', 'a', 'onnx:sd-turbo'), ('pre', 'u1', 'b', 'onnx:preview'),
               ('gpu', 'u1', 'c', 'comfyui:sdxl.safetensors'), ('api', 'u1', 'd', 'openai:gpt-image-1'),
               ('new', 'u1', 'e', null)`);
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      const rows = await db.execute<{ request_id: string; model: string }>(
        sql`SELECT request_id, model FROM generations ORDER BY request_id`,
      );
      expect(Object.fromEntries(rows.rows.map((row) => [row.request_id, row.model]))).toEqual({
        api: 'openai',
        cpu: 'sd-turbo',
        gpu: 'comfyui',
        new: 'sd-turbo',
        pre: 'preview',
      });
    } finally {
      await client.close();
    }
  });
});
