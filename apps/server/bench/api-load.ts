import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/free-port';
import { profileFlags } from './bench-stack';
import { median } from './measure';
import { postgresCpuMs, processCpuMs } from './process-cpu';

export const CONNECTIONS = 10;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

export interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU per request in µs (user + system, from /proc) of the server process, and of PostgreSQL. */
  serverCpuUs: number;
  postgresCpuUs: number;
}

/**
 * `SECONDS` of load on `url`. The server's and PostgreSQL's CPU per request show what each side
 * costs even when the other one bounds the requests/s (PostgreSQL counting 10,000 favorites).
 */
export async function load(
  url: string,
  headers: Record<string, string>,
  server: { pid: number; postgresDataDir: string },
): Promise<Run> {
  const serverBefore = processCpuMs(server.pid);
  const postgresBefore = postgresCpuMs(server.postgresDataDir);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const perRequestUs = (ms: number) => (ms * 1000) / Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    serverCpuUs: perRequestUs(processCpuMs(server.pid) - serverBefore),
    postgresCpuUs: perRequestUs(postgresCpuMs(server.postgresDataDir) - postgresBefore),
  };
}

export async function startBareServer(databaseUrl: string, routesFile: string) {
  const port = await freePort();
  // BENCH_CPU_PROF profiles the bare route too (its file is named bare-*), for comparing profiles.
  const child = spawn(process.execPath, [...profileFlags('bare'), 'bench/bare-query-server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BARE_ROUTES_FILE: routesFile,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

export const summary = (list: Run[]) => ({
  rps: median(list.map((run) => run.requestsPerSecond)),
  p50: median(list.map((run) => run.p50)),
  p99: median(list.map((run) => run.p99)),
  non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
  serverCpuUs: median(list.map((run) => run.serverCpuUs)),
  postgresCpuUs: median(list.map((run) => run.postgresCpuUs)),
});
