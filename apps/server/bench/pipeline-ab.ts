/**
 * Two (or more) server builds compared side by side in one run, alternated round by round
 * (A B, then B A, …) on one throwaway PostgreSQL: the sequential phase of the pipeline bench
 * (pipeline.bench.ts) with one `--role=api` and BENCH_AB_WORKERS (default 1) `--role=worker` processes of
 * each build.
 * Each build is a directory holding a `main.js` (and its map) made by `npm run build`; before a
 * build's turn it is copied to dist/, which the bench stack starts. Absolute numbers on this
 * shared machine swing more than most changes, so only such alternated medians compare builds.
 * BENCH_AB_LOADED_JOBS (default 8) jobs then run with 8 people keeping one in flight each, for
 * jobs/s and the CPU per job of the API, worker and PostgreSQL processes (from /proc: on a busy
 * shared machine CPU time moves far less with the load than latency does). The table counts,
 * against the first build, the rounds in which each build was faster.
 * Run: BENCH_AB_BUILDS=/tmp/a,/tmp/b BENCH_ROUNDS=6 BENCH_PIPELINE_JOBS=60 npx tsx
 * bench/pipeline-ab.ts (under the bench lock). Prints a table; writes nothing.
 */
import path from 'node:path';
import { createRealtimeClients } from '../test/realtime-client';
import { giveCredits } from '../test/generation-worker-harness';
import { setPremium } from '../test/read-credit-ledger';
import { markdownTable } from './bench-report';
import { startBenchStack, waitForWorkers, type BenchStack } from './bench-stack';
import { median } from './measure';
import { postgresCpuMs, processCpuMs } from './process-cpu';
import { createPipelineClient } from './pipeline-client';
import { startImagesApiProcess, type ImagesApiProcess } from './fake-images-api-process';
import { runPipeline, type PipelineRun } from './pipeline-run';
import { abBuilds, useBuild } from './use-build';

const BUILDS = abBuilds();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SEQUENTIAL_JOBS = Number(process.env.BENCH_PIPELINE_JOBS ?? 60);
const LOADED_JOBS = Number(process.env.BENCH_AB_LOADED_JOBS ?? 8);
const PEOPLE = 8;
const WORKERS = Number(process.env.BENCH_AB_WORKERS ?? 1);

type Person = { token: string; userId: string };

/** What every build's turn shares: the stack, the backend settings, the people, the job tags. */
interface AbBench {
  stack: BenchStack;
  imagesApi: ImagesApiProcess;
  env: Record<string, string>;
  people: Person[];
  realtime: ReturnType<typeof createRealtimeClients>;
  nextTag: () => number;
}

async function main() {
  const stack = await startBenchStack();
  const imagesApi = await startImagesApiProcess();
  const realtime = createRealtimeClients();
  const runs = new Map<string, PipelineRun[]>(BUILDS.map((build) => [build, []]));
  try {
    const env = {
      IMAGE_BACKEND: 'openai',
      OPENAI_IMAGES_URL: imagesApi.url,
      WORKER_CONCURRENCY: '4',
      RATE_LIMIT_PER_MINUTE: '100000000',
      GENERATE_MAX_PER_USER_PER_MINUTE: '100000000',
      GENERATION_QUEUE_MAX_PER_PREMIUM_USER: '100000',
    };
    const people = await premiumPeople(stack);
    let tag = 0;
    const bench = { stack, imagesApi, env, people, realtime, nextTag: () => (tag += 1) };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? BUILDS : [...BUILDS].reverse();
      for (const build of order) runs.get(build)?.push(await measureBuild(bench, build, round));
    }
  } finally {
    realtime.disconnectAll();
    await stack.stop();
    await imagesApi.stop();
  }
  console.log(abTable(runs).join('\n'));
}

async function premiumPeople(stack: BenchStack): Promise<Person[]> {
  const people: Person[] = [];
  for (let index = 0; index < PEOPLE; index += 1) {
    const person = await stack.createUser(`pipeline-ab-${index}@example.com`);
    await giveCredits(stack.database.db, person.userId, 0);
    await setPremium(stack.database.db, person.userId, true);
    people.push(person);
  }
  return people;
}

/** One build's turn: its API and workers started, warmed up, measured and stopped. */
async function measureBuild(bench: AbBench, build: string, round: number): Promise<PipelineRun> {
  const { stack, imagesApi, env, people, realtime, nextTag } = bench;
  await useBuild(build);
  const api = await stack.startServer({ name: 'api', role: 'api', env });
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, (_, index) =>
      stack.startServer({ name: `worker ${index}`, role: 'worker', env }),
    ),
  );
  await waitForWorkers(workers);
  const sampleCpu = () => ({
    api: processCpuMs(api.pid ?? 0),
    workers: workers.reduce((sum, worker) => sum + processCpuMs(worker.pid ?? 0), 0),
    PostgreSQL: postgresCpuMs(stack.postgresDataDir),
  });
  const clients = people.map((person) =>
    createPipelineClient({ apiUrl: api.url ?? '', token: person.token, clients: realtime }),
  );
  const options = { clients, imagesApi, nextTag, sampleCpu };
  await runPipeline({ ...options, sequentialJobs: 10, jobs: 8 });
  const run = await runPipeline({ ...options, sequentialJobs: SEQUENTIAL_JOBS, jobs: LOADED_JOBS });
  console.log(
    `round ${round} ${path.basename(build)}: POST ${run.submitP50.toFixed(1)} added ${run.addedP50.toFixed(1)} pickup ${run.pickupP50.toFixed(1)} finish ${run.finishP50.toFixed(1)} jobs/s ${run.jobsPerSecond.toFixed(1)} CPU ms/job ${cpuOf(run)}`,
  );
  await Promise.all(workers.map((worker) => worker.stop(60_000)));
  await api.stop(60_000);
  return run;
}

/** Each build's medians, and in how many rounds it beat the first build. */
function abTable(runs: Map<string, PipelineRun[]>): string[] {
  const ms = (list: PipelineRun[], pick: (run: PipelineRun) => number) =>
    median(list.map(pick)).toFixed(1);
  const first = runs.get(BUILDS[0]!) ?? [];
  /** Rounds in which `list` beat the first build's run of the same round. */
  const wins = (list: PipelineRun[], better: (run: PipelineRun, base: PipelineRun) => boolean) =>
    `${list.filter((run, index) => first[index] && better(run, first[index])).length} of ${list.length}`;
  return markdownTable(
    [
      'build',
      'rounds',
      'POST p50 ms',
      'added p50 ms',
      'POST → backend p50 ms',
      'backend → client p50 ms',
      'loaded jobs/s',
      'CPU ms per job: api / workers / PostgreSQL',
      'added p50 lower than first build',
      'jobs/s higher than first build',
    ],
    BUILDS.map((build) => {
      const list = runs.get(build) ?? [];
      return [
        path.basename(build),
        String(list.length),
        ms(list, (run) => run.submitP50),
        ms(list, (run) => run.addedP50),
        ms(list, (run) => run.pickupP50),
        ms(list, (run) => run.finishP50),
        ms(list, (run) => run.jobsPerSecond),
        (['api', 'workers', 'PostgreSQL'] as const)
          .map((name) => ms(list, (run) => run.cpuPerJob[name] ?? 0))
          .join(' / '),
        wins(list, (run, base) => run.addedP50 < base.addedP50),
        wins(list, (run, base) => run.jobsPerSecond > base.jobsPerSecond),
      ];
    }),
  );
}

/** The loaded phase's CPU per job of each process group, for the round's line. */
function cpuOf(run: PipelineRun): string {
  return Object.entries(run.cpuPerJob)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

await main();
