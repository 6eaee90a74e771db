import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createPgliteDatabase, PGLITE_OPTIONS } from '../src/db/open-pglite-database';
import './provided-context';
import { bundleServerForTests } from './server-bundle';

/**
 * Creating and migrating a PGlite costs seconds; loading a dump costs ~0.5 s. So migrate once
 * here and let every test file load its own private copy (test/open-test-database.ts).
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleServerForTests();
  const dir = await mkdtemp(path.join(tmpdir(), 'nocturne-pglite-'));
  const client = await PGlite.create(PGLITE_OPTIONS);
  const database = await createPgliteDatabase(client);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dumpPath = path.join(dir, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseKind', 'pglite');
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresAdminUrl', '');
  project.provide('postgresTemplateDb', '');
  project.provide('serverBundleDir', bundle.dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await bundle.remove();
  };
}
