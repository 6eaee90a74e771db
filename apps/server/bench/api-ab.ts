/**
 * Two (or more) server builds' GET /api/v1/credits compared side by side in one run: one
 * `--role=api` process per build (each directory holds a `main.js` made by `npm run build`) on one
 * throwaway PostgreSQL, and the bare route of api.bench.ts. Each round loads bare, then every
 * build, the builds' order reversed every other round, after a warm-up round. The table gives
 * each build's medians, its ratio to bare (per round, then the median), and the rounds in which
 * it answered more requests/s, and spent less server CPU per request, than the first build: on a
 * shared machine the CPU per request drifts less than the requests/s.
 * Run: BENCH_AB_BUILDS=/tmp/a,/tmp/b BENCH_ROUNDS=6 BENCH_SECONDS=5 npx tsx bench/api-ab.ts
 * (under the bench lock). Prints a table; writes nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_ENDPOINTS } from './api-endpoints';
import { load, startBareServer, summary, type Run } from './api-load';
import { markdownTable } from './bench-report';
import { startBenchStack, type BenchServer } from './bench-stack';
import { median } from './measure';
import { abBuilds, useBuild } from './use-build';

const BUILDS = abBuilds();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CREDITS = ALL_ENDPOINTS.find((endpoint) => endpoint.name === 'credits')!;

async function main() {
  const stack = await startBenchStack();
  const scratch = await mkdtemp(path.join(tmpdir(), 'nocturne-api-ab-'));
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const person = await stack.createUser('bench@example.com');
    const routesFile = path.join(scratch, 'routes.json');
    const steps = await CREDITS.steps(person.userId, () => Promise.resolve([]));
    await writeFile(routesFile, JSON.stringify({ credits: steps }));
    bare = await startBareServer(stack.databaseUrl, routesFile);
    const servers: BenchServer[] = [];
    // Each process reads its bundle at start, so the next build can take dist/ after.
    for (const build of BUILDS) {
      await useBuild(build);
      servers.push(
        await stack.startServer({
          name: path.basename(build),
          role: 'api',
          env: { RATE_LIMIT_PER_MINUTE: '100000000' },
        }),
      );
    }
    const headers = { authorization: `Bearer ${person.token}` };
    const claim = await fetch(`${servers[0]!.url}/api/v1/credits/request-daily`, {
      method: 'POST',
      headers,
    });
    if (!claim.ok) throw new Error(`daily claim failed: ${claim.status}`);
    const bareRuns: Run[] = [];
    const runs = BUILDS.map(() => [] as Run[]);
    for (let round = 0; round <= ROUNDS; round += 1) {
      const postgresDataDir = stack.postgresDataDir;
      const bareRun = await load(`${bare.url}/credits`, {}, { pid: bare.pid, postgresDataDir });
      const order = BUILDS.map((_, index) => index);
      if (round % 2 === 1) order.reverse();
      const line = [`round ${round}: bare ${bareRun.requestsPerSecond.toFixed(0)}/s`];
      for (const index of order) {
        const server = servers[index]!;
        const run = await load(`${server.url}${CREDITS.url}`, headers, {
          pid: server.pid ?? 0,
          postgresDataDir,
        });
        if (server.hasExited()) throw new Error(`${BUILDS[index]} exited\n${server.output()}`);
        line.push(
          `${path.basename(BUILDS[index]!)} ${run.requestsPerSecond.toFixed(0)}/s ${run.serverCpuUs.toFixed(0)} µs`,
        );
        if (round > 0) runs[index]!.push(run);
      }
      console.log(line.join(', '));
      if (round > 0) bareRuns.push(bareRun);
    }
    const rows = BUILDS.map((build, index) => {
      const list = runs[index]!;
      const s = summary(list);
      const ratio = median(
        list.map((run, at) => run.requestsPerSecond / bareRuns[at]!.requestsPerSecond),
      );
      const faster = list.filter(
        (run, at) => run.requestsPerSecond > runs[0]![at]!.requestsPerSecond,
      );
      const cheaper = list.filter((run, at) => run.serverCpuUs < runs[0]![at]!.serverCpuUs);
      return [
        path.basename(build),
        ratio.toFixed(2),
        s.rps.toFixed(0),
        s.p50,
        s.p99,
        s.serverCpuUs.toFixed(0),
        `${faster.length} of ${list.length}`,
        `${cheaper.length} of ${list.length}`,
        list.map((run) => run.requestsPerSecond.toFixed(0)).join(', '),
        list.map((run) => run.serverCpuUs.toFixed(0)).join(', '),
      ];
    });
    const b = summary(bareRuns);
    console.log(
      [
        `GET /api/v1/credits, ${ROUNDS} rounds after a warm-up; bare median ${b.rps.toFixed(0)} req/s (${bareRuns.map((run) => run.requestsPerSecond.toFixed(0)).join(', ')})`,
        ...markdownTable(
          [
            'build',
            'ratio to bare',
            'req/s',
            'p50 ms',
            'p99 ms',
            'server CPU µs/req',
            'req/s above first build',
            'CPU below first build',
            'req/s per round',
            'CPU µs/req per round',
          ],
          rows,
        ),
      ].join('\n'),
    );
  } finally {
    bare?.stop();
    await stack.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
