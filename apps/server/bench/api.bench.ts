/**
 * The API against the physical limit (issue 14): authenticated GETs on the built server
 * (`node dist/main.js --role=api`, production settings, info logging) and, per endpoint, a bare
 * Fastify route running the same SQL with the same parameters through node-postgres, both on one
 * throwaway PostgreSQL, loaded alternately by autocannon from this process (10 connections each,
 * both pools 10 connections). Prints a table and writes bench/results/api.md.
 * Run: npm run bench -w @nocturne/server (BENCH_ONLY=api). BENCH_SECONDS and BENCH_ROUNDS change
 * the runs; BENCH_ENDPOINTS picks endpoints; BENCH_CPU_PROF=<dir> profiles the API process.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedFavorites } from '../test/seed-favorites';
import { ENDPOINTS, FAVORITES, GENERATIONS } from './api-endpoints';
import { CONNECTIONS, load, SECONDS, startBareServer, summary, type Run } from './api-load';
import { describeMachine, markdownTable, SHARED_MACHINE_NOTE, writeResults } from './bench-report';
import {
  BENCH_LOG_LEVEL,
  profileFlags,
  startBenchStack,
  type BenchServer,
  type BenchStack,
} from './bench-stack';
import { captureSql, type Statement } from './capture-sql';
import { seedGenerations } from './seed-generations';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Routes = Record<string, Statement[][]>;
type Headers = Record<string, string>;
/** Per endpoint, in ENDPOINTS' order: the counted runs of each side. */
type EndpointRuns = Array<{ bare: Run[]; nocturne: Run[] }>;

async function main() {
  const stack = await startBenchStack();
  const scratch = await mkdtemp(path.join(tmpdir(), 'nocturne-api-bench-'));
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const person = await stack.createUser('bench@example.com');
    await seedFavorites(stack.database.db, person.userId, FAVORITES);
    await seedGenerations(stack.database.db, person.userId, GENERATIONS);
    const routes = await captureRoutes(stack, person.userId);
    const routesFile = path.join(scratch, 'routes.json');
    await writeFile(routesFile, JSON.stringify(routes));
    bare = await startBareServer(stack.databaseUrl, routesFile);
    const api = await stack.startServer({
      name: 'api',
      role: 'api',
      nodeFlags: profileFlags(),
      // The global per-address limit would refuse a benchmark from one address.
      env: { RATE_LIMIT_PER_MINUTE: '100000000' },
    });
    const headers = { authorization: `Bearer ${person.token}` };
    await answerOnce(api, headers);
    const runs = await loadRounds(stack, api, headers, bare);
    await writeResults('api', apiReport(runs, routes));
  } finally {
    bare?.stop();
    await stack.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Each endpoint's SQL as its service issues it, captured through drizzle's query logger. */
async function captureRoutes(stack: BenchStack, userId: string): Promise<Routes> {
  const routes: Routes = {};
  for (const endpoint of ENDPOINTS) {
    routes[endpoint.name] = await endpoint.steps(userId, (run) =>
      captureSql(stack.databaseUrl, run),
    );
  }
  return routes;
}

/** The daily claim (so /credits has a row to read) and one answer from every endpoint. */
async function answerOnce(api: BenchServer, headers: Headers) {
  const claim = await fetch(`${api.url}/api/v1/credits/request-daily`, {
    method: 'POST',
    headers,
  });
  if (!claim.ok) throw new Error(`daily claim failed: ${claim.status}`);
  for (const endpoint of ENDPOINTS) {
    const first = await fetch(`${api.url}${endpoint.url}`, { headers });
    if (!first.ok) throw new Error(`${endpoint.url}: ${first.status} ${await first.text()}`);
  }
}

/**
 * A warm-up round (JIT, pools), then rounds alternating bare and Nocturne per endpoint, so drift
 * on a shared machine hits both alike.
 */
async function loadRounds(
  stack: BenchStack,
  api: BenchServer,
  headers: Headers,
  bare: { url: string; pid: number },
): Promise<EndpointRuns> {
  const runs: EndpointRuns = ENDPOINTS.map(() => ({ bare: [], nocturne: [] }));
  const postgresDataDir = stack.postgresDataDir;
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const bareRun = await load(
        `${bare.url}/${endpoint.name}`,
        {},
        {
          pid: bare.pid,
          postgresDataDir,
        },
      );
      const nocturneRun = await load(`${api.url}${endpoint.url}`, headers, {
        pid: api.pid ?? 0,
        postgresDataDir,
      });
      console.log(
        `round ${round} ${endpoint.name}: bare ${bareRun.requestsPerSecond.toFixed(0)}/s, Nocturne ${nocturneRun.requestsPerSecond.toFixed(0)}/s`,
      );
      if (api.hasExited()) throw new Error(`the API process exited\n${api.output()}`);
      if (round === 0) continue;
      runs[index]!.bare.push(bareRun);
      runs[index]!.nocturne.push(nocturneRun);
    }
  }
  return runs;
}

/** bench/results/api.md: the ratio table, how it was measured, and the bare routes' SQL. */
function apiReport(runs: EndpointRuns, routes: Routes): string[] {
  return [
    '# API benchmark: Nocturne against the same SQL in a bare route',
    '',
    `${new Date().toISOString()} · ${describeMachine()}`,
    '',
    `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds after a warm-up`,
    'round, bare and Nocturne alternating per endpoint; medians. Nocturne: `node dist/main.js',
    `--role=api\`, LOG_LEVEL ${BENCH_LOG_LEVEL}, bearer JWT, RATE_LIMIT_PER_MINUTE raised. Bare: a`,
    'Fastify route running the same statements through node-postgres (bench/bare-query-server.mjs).',
    'Both pools hold 10 connections to one throwaway PostgreSQL 15. Written by',
    '`npm run bench -w @nocturne/server` (bench/api.bench.ts).',
    '',
    ...ratioTable(runs),
    '',
    ...measurementNotes(runs),
    '',
    "## The bare routes' SQL (parameters omitted; one line per statement, ' + ' = issued together)",
    '',
    ...ENDPOINTS.flatMap((endpoint) => [
      `${endpoint.name}:`,
      ...(routes[endpoint.name] ?? []).map(
        (step) => `    ${step.map((statement) => statement.text).join('\n  + ')}`,
      ),
      '',
    ]),
  ];
}

function ratioTable(runs: EndpointRuns): string[] {
  const rows = ENDPOINTS.map((endpoint, index) => {
    const b = summary(runs[index]!.bare);
    const n = summary(runs[index]!.nocturne);
    return [
      endpoint.label,
      `**${(n.rps / b.rps).toFixed(2)}**`,
      n.rps.toFixed(0),
      b.rps.toFixed(0),
      n.p50,
      n.p99,
      b.p50,
      b.p99,
      `${n.non2xx} / ${b.non2xx}`,
      `${n.serverCpuUs.toFixed(0)} / ${b.serverCpuUs.toFixed(0)}`,
      `${n.postgresCpuUs.toFixed(0)} / ${b.postgresCpuUs.toFixed(0)}`,
    ];
  });
  return markdownTable(
    [
      'endpoint',
      'ratio',
      'Nocturne req/s',
      'bare req/s',
      'Nocturne p50 ms',
      'Nocturne p99 ms',
      'bare p50 ms',
      'bare p99 ms',
      'non-2xx N / bare',
      'server CPU µs/req N / bare',
      'PostgreSQL CPU µs/req N / bare',
    ],
    rows,
  );
}

function measurementNotes(runs: EndpointRuns): string[] {
  const perRun = (list: Run[]) => list.map((run) => run.requestsPerSecond.toFixed(0)).join(', ');
  return [
    `- One person with ${FAVORITES.toLocaleString('en')} favorites (test/seed-favorites.ts) and ${GENERATIONS.toLocaleString('en')} completed generations (bench/seed-generations.ts).`,
    '- CPU per request: user + system time from /proc of the server process (all its threads) and of',
    '  PostgreSQL (postmaster and backends) over each run, divided by the requests it answered. Where',
    "  PostgreSQL's share is the larger, it bounds the requests/s of both sides and the ratio says",
    "  little about the server's own cost.",
    "- The bare SQL of /credits is the primary-key select of the credit row (the issue's yardstick).",
    '  For /favorites and /generations it is captured, not rewritten: the service function',
    "  (findFavorites, findGenerations) runs once against drizzle's query logger (bench/capture-sql.ts)",
    '  and the bare route replays those statements with those parameters, page and count at once',
    '  as the service does, then (generations) the favorite marks of the page.',
    '- Requests/s per run, Nocturne / bare: ' +
      ENDPOINTS.map(
        (endpoint, index) =>
          `${endpoint.name} ${perRun(runs[index]!.nocturne)} / ${perRun(runs[index]!.bare)}`,
      ).join('; ') +
      '.',
    `- ${SHARED_MACHINE_NOTE}`,
  ];
}

await main();
