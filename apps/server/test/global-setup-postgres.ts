import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgresDatabase } from '../src/db/open-postgres-database';
import './provided-context';
import { bundleServerForTests } from './server-bundle';
import { withDatabase } from './with-database';
import { startPostgresCluster, type PostgresCluster } from './start-postgres-cluster';

const TEMPLATE_DB = `nocturne_template_${process.pid}`;

/**
 * The same server tests against a real PostgreSQL: DATABASE_URL when set, else a throwaway cluster.
 * Migrations run once into a template database; each test file then gets a fresh copy (CREATE
 * DATABASE … TEMPLATE is a file copy, far faster than migrating again).
 */
export default async function setup(project: TestProject) {
  const bundle = await bundleServerForTests();
  let cluster: PostgresCluster | undefined;
  const adminUrl = process.env.DATABASE_URL ?? (cluster = await startPostgresCluster()).url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const template = await openPostgresDatabase(withDatabase(adminUrl, TEMPLATE_DB));
    await template.close();
  } finally {
    await admin.end();
  }
  project.provide('databaseKind', 'postgres');
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplateDb', TEMPLATE_DB);
  project.provide('pgliteDumpPath', '');
  project.provide('serverBundleDir', bundle.dir);
  return async () => {
    await bundle.remove();
    if (cluster) return cluster.stop();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await cleanup.end();
  };
}
