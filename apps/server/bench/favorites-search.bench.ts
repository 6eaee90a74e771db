/**
 * Gallery search at 100 and 100,000 favorites per user (issue 9): GET /api/v1/favorites?q=…
 * through app.inject, and the service's own SQL (page + count) without HTTP, on PGlite and on a
 * throwaway PostgreSQL. Prints a table and writes bench/results/favorites-search.md.
 * Run: npm run bench -w @nocturne/server (not part of npm test).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { findFavoritesQuerySchema } from '@nocturne/contract/favorites/find-favorites';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { createPgliteDatabase, PGLITE_OPTIONS } from '../src/db/open-pglite-database';
import { openPostgresDatabase } from '../src/db/open-postgres-database';
import { parseEnv } from '../src/env';
import { CATALOG_MODEL_SOURCES } from '../src/modules/models/model-sources';
import { findFavorites } from '../src/modules/generations/favorites/find-favorites';
import { startPostgresCluster } from '../test/start-postgres-cluster';
import { createBenchUser } from './create-bench-user';
import { describeMachine, SHARED_MACHINE_NOTE, writeResults } from './bench-report';
import { explainSearch } from './explain-search';
import { formatResults, type BenchRow } from './format-results';
import { measure } from './measure';
import { seedFavorites } from '../test/seed-favorites';

const SIZES = [100, 100_000];
const RUNS = 200;
const PUBLIC_URL = 'http://localhost:3000';

const QUERIES = [
  // md5('42') is in every seeded gallery (seed-favorites.ts); 8 hex characters occur about once.
  {
    label: 'rare fragment of md5(42)',
    q: createHash('md5').update('42').digest('hex').slice(6, 14),
  },
  { label: "common word 'owl' (1 in 20)", q: 'owl' },
  { label: 'no search (first page)', q: undefined },
];

interface Backend {
  name: string;
  open(): Promise<{ database: Database; stop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const database = await createPgliteDatabase(await PGlite.create(PGLITE_OPTIONS));
      return { database, stop: () => database.close() };
    },
  },
  {
    name: 'PostgreSQL 15',
    async open() {
      const cluster = await startPostgresCluster();
      const database = await openPostgresDatabase(cluster.url);
      return {
        database,
        async stop() {
          await database.close();
          cluster.stop();
        },
      };
    },
  },
];

async function runBackend(
  backend: Backend,
  rows: BenchRow[],
  plans: string[],
  notes: string[],
): Promise<void> {
  const { database, stop } = await backend.open();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-bench-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({
    env,
    database,
    modelSources: CATALOG_MODEL_SOURCES,
  });
  try {
    await app.ready();
    // Both users are seeded before anything is measured: the small gallery shares its table (and
    // its trigram indexes) with the large one, as it would in production.
    const users = [];
    for (const size of SIZES) {
      const user = await createBenchUser({
        app,
        dataDir,
        publicUrl: PUBLIC_URL,
        email: `bench-${size}@example.com`,
      });
      const started = performance.now();
      await seedFavorites(database.db, user.userId, size);
      const note = `${backend.name}: seeded ${size.toLocaleString('en')} favorites in ${Math.round(performance.now() - started)} ms`;
      console.log(note);
      notes.push(note);
      users.push({ size, ...user });
    }
    for (const { size, token, userId } of users) {
      for (const { label, q } of QUERIES) {
        const query = findFavoritesQuerySchema.parse({ q });
        const url = `/api/v1/favorites${q ? `?q=${encodeURIComponent(q)}` : ''}`;
        const first = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
        const http = await measure(RUNS, async () => {
          await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        });
        const bare = await measure(RUNS, () =>
          findFavorites({ db: database.db, userId, query, urlFor: app.images.urlFor }),
        );
        const matches = first.json<{ total: number }>().total;
        rows.push({ backend: backend.name, size, label, matches, http, sql: bare });
        if (size === SIZES.at(-1)) {
          plans.push(
            `${backend.name}, ${size} favorites, ${label}:\n${await explainSearch(database.db, userId, query)}`,
          );
        }
      }
    }
  } finally {
    await app.close();
    await stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  const plans: string[] = [];
  const notes: string[] = [];
  for (const backend of backends) {
    if (backend.name.startsWith('PostgreSQL') && !existsSync('/usr/lib/postgresql/15/bin/initdb')) {
      notes.push(`${backend.name}: skipped, not installed (/usr/lib/postgresql/15/bin)`);
      continue;
    }
    await runBackend(backend, rows, plans, notes);
  }
  notes.push(SHARED_MACHINE_NOTE);
  const machine = describeMachine();
  const report = formatResults({ rows, plans, notes, machine, date: new Date(), runs: RUNS });
  await writeResults('favorites-search', [report]);
}

await main();
