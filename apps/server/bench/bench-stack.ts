import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { openPostgresDatabase } from '../src/db/open-postgres-database';
import { parseEnv } from '../src/env';
import { CATALOG_MODEL_SOURCES } from '../src/modules/models/model-sources';
import type { Role } from '../src/parse-role';
import { freePort } from '../test/free-port';
import {
  spawnServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../test/spawn-server-process';
import { startPostgresCluster, type PostgresCluster } from '../test/start-postgres-cluster';
import { createBenchUser } from './create-bench-user';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC_URL = 'http://localhost:3000';
/** Tokens made by the setup app are checked by the spawned processes: one secret for all. */
const AUTH_SECRET = 'bench-auth-secret-of-at-least-32-characters';

export interface BenchServer extends ServerProcess {
  /** http://127.0.0.1:<port> for the api role; undefined for a worker. */
  url: string | undefined;
}

export interface BenchStack {
  databaseUrl: string;
  /** The throwaway PostgreSQL's data directory (for its processes' CPU time). */
  postgresDataDir: string;
  /** The bench's own connection pool, for seeding and for checking results. */
  database: Database;
  /** A verified person with an API token, made through the real auth endpoints. */
  createUser(email: string): Promise<{ token: string; userId: string }>;
  /**
   * `node dist/main.js --role=<role>` with production settings plus `env` (rate limits raised
   * through their settings by the caller); resolves once an API process answers /health.
   */
  startServer(options: {
    name: string;
    role: Role;
    env?: Record<string, string>;
    nodeFlags?: string[];
  }): Promise<BenchServer>;
  stop(): Promise<void>;
}

/** `npm run build`: the benchmarks measure the bundle `npm start` runs, never tsx. */
export function buildServer(): void {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: SERVER_ROOT });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr.toString()}`);
}

/** BENCH_CPU_PROF=<dir>: V8 CPU profiles of the profiled processes land there (Chrome DevTools). */
export function profileFlags(name?: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return [];
  const flags = ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`];
  return name ? [...flags, `--cpu-prof-name=${name}.cpuprofile`] : flags;
}

/** Production logging unless BENCH_LOG_LEVEL says otherwise. */
export const BENCH_LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

/**
 * A throwaway PostgreSQL, migrated, with an in-process app used only to sign people up (it runs
 * no worker and serves no load), and the built server's processes started on demand.
 */
export async function startBenchStack(): Promise<BenchStack> {
  buildServer();
  const cluster: PostgresCluster = await startPostgresCluster();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-bench-'));
  const database = await openPostgresDatabase(cluster.url);
  const baseEnv = {
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    PUBLIC_URL,
    BETTER_AUTH_SECRET: AUTH_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
  };
  let setup: FastifyInstance | undefined;
  const servers: ServerProcess[] = [];
  return {
    databaseUrl: cluster.url,
    postgresDataDir: cluster.dataDir,
    database,
    async createUser(email) {
      setup ??= await buildApp({
        // The benches sign dozens of people up from one address.
        env: parseEnv({
          ...baseEnv,
          LOG_LEVEL: 'silent',
          SIGN_UP_MAX_PER_IP_PER_MINUTE: '100000',
          RATE_LIMIT_PER_MINUTE: '1000000',
          SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000000',
        }),
        database,
        modelSources: CATALOG_MODEL_SOURCES,
      });
      return createBenchUser({ app: setup, dataDir, publicUrl: PUBLIC_URL, email });
    },
    async startServer({ name, role, env, nodeFlags }) {
      const port = role === 'worker' ? undefined : await freePort();
      const server = spawnServerProcess({
        name,
        role,
        entry: 'built',
        nodeFlags,
        env: {
          ...baseEnv,
          HOST: '127.0.0.1',
          LOG_LEVEL: BENCH_LOG_LEVEL,
          ...(port ? { PORT: String(port) } : {}),
          ...env,
        },
      });
      servers.push(server);
      const url = port ? `http://127.0.0.1:${port}` : undefined;
      if (url) await waitForHealth(server, url);
      return Object.assign(server, { url });
    },
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await setup?.close();
      await database.close();
      cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once every worker process logged that its worker started (it then claims and is live
 * for its models); after 30 s it goes on anyway, as a quieter LOG_LEVEL logs nothing.
 */
export async function waitForWorkers(workers: BenchServer[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (workers.some((worker) => worker.hasExited())) {
      throw new Error(`a worker exited\n${workers.map((worker) => worker.output()).join('\n')}`);
    }
    if (workers.every((worker) => worker.output().includes('generation worker started'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
