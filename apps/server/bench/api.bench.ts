/**
 * The API against the physical limit (issue 14): authenticated GET /api/v1/credits on the built
 * server (`node dist/main.js --role=api`, production settings, info logging) and a bare Fastify
 * route doing the same primary-key select of the same row through node-postgres, both on one
 * throwaway PostgreSQL, loaded alternately by autocannon from this process (10 connections).
 * Prints a table and writes bench/results/api.md. Run: npm run bench -w @nocturne/server.
 * BENCH_SECONDS and BENCH_ROUNDS change the runs; BENCH_CPU_PROF=<dir> profiles the API process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { openPostgresDatabase } from '../src/db/open-postgres-database';
import { parseEnv } from '../src/env';
import { freePort } from '../test/free-port';
import { startPostgresCluster } from '../test/start-postgres-cluster';
import { createBenchUser } from './create-bench-user';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_FILE = path.join(import.meta.dirname, 'results', 'api.md');
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PUBLIC_URL = 'http://localhost:3000';

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** BENCH_CPU_PROF=<dir>: the API process writes a V8 CPU profile there (open in Chrome DevTools). */
function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

async function waitForHttp(url: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

function start(command: string[], env: Record<string, string>): ChildProcess {
  const [binary = 'node', ...args] = command;
  return spawn(binary, args, {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function load(url: string, headers: Record<string, string>): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: SERVER_ROOT });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr.toString()}`);
  const cluster = await startPostgresCluster();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-api-bench-'));
  const children: ChildProcess[] = [];
  try {
    // Setup in-process: a verified person with a credit account (the daily claim makes it).
    const env = parseEnv({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
    });
    const database = await openPostgresDatabase(cluster.url);
    const setup = await buildApp({ env, database });
    const person = await createBenchUser({
      app: setup,
      dataDir,
      publicUrl: PUBLIC_URL,
      email: 'bench@example.com',
    });
    const claim = await setup.inject({
      method: 'POST',
      url: '/api/v1/credits/request-daily',
      headers: { authorization: `Bearer ${person.token}` },
    });
    if (claim.statusCode !== 200) throw new Error(`claim failed: ${claim.body}`);
    await setup.close();
    await database.close();

    const apiPort = await freePort();
    const barePort = await freePort();
    children.push(
      start(['node', ...profileFlags(), '--enable-source-maps', 'dist/main.js', '--role=api'], {
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        PORT: String(apiPort),
        PUBLIC_URL,
        // The global per-address limit would refuse a benchmark from one address.
        RATE_LIMIT_PER_MINUTE: '100000000',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      }),
      start(['node', 'bench/bare-credits-server.mjs'], {
        DATABASE_URL: cluster.url,
        PORT: String(barePort),
      }),
    );
    await waitForHttp(`http://127.0.0.1:${apiPort}/health`);
    await waitForHttp(`http://127.0.0.1:${barePort}/credits/none`);
    const targets = {
      bare: () => load(`http://127.0.0.1:${barePort}/credits/${person.userId}`, {}),
      nocturne: () =>
        load(`http://127.0.0.1:${apiPort}/api/v1/credits`, {
          authorization: `Bearer ${person.token}`,
        }),
    };
    // Warm both (JIT, pools), then alternate so drift on a shared machine hits both alike.
    await targets.bare();
    await targets.nocturne();
    const runs: Record<keyof typeof targets, Run[]> = { bare: [], nocturne: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.bare.push(await targets.bare());
      runs.nocturne.push(await targets.nocturne());
    }
    const summary = (list: Run[]) => ({
      rps: median(list.map((run) => run.requestsPerSecond)),
      p50: median(list.map((run) => run.p50)),
      p99: median(list.map((run) => run.p99)),
      non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
    });
    const bare = summary(runs.bare);
    const nocturne = summary(runs.nocturne);
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadavg()[0]?.toFixed(2)}`;
    const lines = [
      '# API benchmark: GET /api/v1/credits against the bare query',
      '',
      `${new Date().toISOString()} · ${machine}`,
      '',
      `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} alternating rounds after a`,
      'warm-up; medians. Both on one throwaway PostgreSQL 15. Written by',
      '`npm run bench -w @nocturne/server` (bench/api.bench.ts).',
      '',
      '| target | requests/s | p50 ms | p99 ms | non-2xx |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| bare Fastify + node-postgres select | ${bare.rps.toFixed(0)} | ${bare.p50} | ${bare.p99} | ${bare.non2xx} |`,
      `| Nocturne GET /api/v1/credits (JWT, role api, LOG_LEVEL ${process.env.BENCH_LOG_LEVEL ?? 'info'}) | ${nocturne.rps.toFixed(0)} | ${nocturne.p50} | ${nocturne.p99} | ${nocturne.non2xx} |`,
      '',
      `Nocturne reaches **${(nocturne.rps / bare.rps).toFixed(2)}** of the bare route's throughput.`,
      '',
      'Runs (requests/s): bare ' +
        runs.bare.map((run) => run.requestsPerSecond.toFixed(0)).join(', ') +
        '; Nocturne ' +
        runs.nocturne.map((run) => run.requestsPerSecond.toFixed(0)).join(', ') +
        '.',
      '',
    ];
    const report = lines.join('\n');
    console.log(report);
    await writeFile(RESULTS_FILE, report);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
