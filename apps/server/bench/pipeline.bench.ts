/**
 * The generation pipeline (issue 14): submit → `result` event at a realtime client, on a
 * throwaway PostgreSQL, with the built server as one `--role=api` process plus 1, then 2
 * `--role=worker` processes whose OpenAI-compatible backend is a fake images API that answers at
 * once (test/start-fake-images-api.ts, a 512×512 PNG as a real backend sends). Premium people,
 * each with a socket connected before anything is submitted. After each run the same load goes
 * through the bare pipeline (bare-pipeline.ts: the same hops, nothing else), the physical limit
 * it is compared with; CPU per job per process comes from /proc. Prints a table and writes
 * bench/results/pipeline.md; with BENCH_CPU_PROF=<dir> also profiles the processes and writes
 * bench/results/pipeline-profile.md. Run: BENCH_ONLY=pipeline npm run bench -w @nocturne/server.
 * BENCH_ROUNDS, BENCH_PIPELINE_JOBS, BENCH_WORKER_CONCURRENCY change the runs.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRealtimeClients } from '../test/realtime-client';
import { giveCredits } from '../test/generation-worker-harness';
import { setPremium } from '../test/read-credit-ledger';
import { writeResults } from './bench-report';
import {
  BENCH_LOG_LEVEL,
  profileFlags,
  startBenchStack,
  waitForWorkers,
  type BenchServer,
  type BenchStack,
} from './bench-stack';
import { createPipelineClient, type PipelineClient } from './pipeline-client';
import { startBarePipeline } from './bare-pipeline';
import { runPipeline, type CpuSampler, type PipelineRun } from './pipeline-run';
import { ownCpuMs, postgresCpuMs, processCpuMs } from './process-cpu';
import { startImagesApiProcess, type ImagesApiProcess } from './fake-images-api-process';
import { formatProfiles } from './pipeline-profile';
import { pipelineReport } from './pipeline-report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const JOBS = Number(process.env.BENCH_PIPELINE_JOBS ?? 300);
const SEQUENTIAL_JOBS = Math.max(10, Math.round(JOBS / 6));
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 4);
/** People submitting at once, one job in flight each. */
const PEOPLE = 32;
const WORKER_COUNTS = [1, 2];
/** Written by hand from a profiled run (pipeline-profile.md); embedded in pipeline.md. */
const CAUSES_FILE = path.join(import.meta.dirname, 'pipeline-causes.md');

type BarePipeline = Awaited<ReturnType<typeof startBarePipeline>>;
type Profiled = Array<{ name: string; pid: number | undefined }>;
type RunsByWorkers = Map<number, PipelineRun[]>;

/** What every measured configuration shares: the stack, the API, both sides' clients. */
interface Bench {
  stack: BenchStack;
  imagesApi: ImagesApiProcess;
  env: Record<string, string>;
  api: BenchServer;
  clients: PipelineClient[];
  bare: BarePipeline;
  bareClients: PipelineClient[];
  nextTag: () => number;
  /** The processes whose CPU profiles the report names (BENCH_CPU_PROF). */
  profiled: Profiled;
}

async function main() {
  const stack = await startBenchStack();
  const imagesApi = await startImagesApiProcess();
  const realtime = createRealtimeClients();
  const profiled: Profiled = [];
  let stopBare: () => Promise<void> = async () => undefined;
  try {
    const env = pipelineEnv(imagesApi);
    const api = await stack.startServer({
      name: 'api',
      role: 'api',
      env,
      nodeFlags: profileFlags(),
    });
    profiled.push({ name: 'api', pid: api.pid });
    const clients = await premiumClients(stack, api, realtime);
    const bare = await startBarePipeline({
      database: stack.database,
      databaseUrl: stack.databaseUrl,
      imagesApiUrl: imagesApi.url,
      concurrency: CONCURRENCY,
    });
    stopBare = () => bare.stop();
    const bareClients = Array.from({ length: PEOPLE }, (_, index) =>
      bare.client(`person-${index}`),
    );
    let tag = 0;
    const nextTag = () => (tag += 1);
    const bench = { stack, imagesApi, env, api, clients, bare, bareClients, nextTag, profiled };
    const { runs, bareRuns } = await measureRounds(bench);
    await reportRuns(runs, bareRuns);
  } finally {
    realtime.disconnectAll();
    await stopBare();
    await stack.stop();
    await imagesApi.stop();
  }
  await writeProfiles(profiled);
}

/** The fake images API as every process's backend, the limits raised through their settings. */
function pipelineEnv(imagesApi: ImagesApiProcess): Record<string, string> {
  return {
    IMAGE_BACKEND: 'openai',
    OPENAI_IMAGES_URL: imagesApi.url,
    WORKER_CONCURRENCY: String(CONCURRENCY),
    // Raised through their settings: one address, a few people, hundreds of jobs a minute.
    RATE_LIMIT_PER_MINUTE: '100000000',
    GENERATE_MAX_PER_USER_PER_MINUTE: '100000000',
    GENERATION_QUEUE_MAX_PER_PREMIUM_USER: '100000',
  };
}

/** PEOPLE premium people, each a client of the API with its socket. */
async function premiumClients(
  stack: BenchStack,
  api: BenchServer,
  realtime: ReturnType<typeof createRealtimeClients>,
): Promise<PipelineClient[]> {
  const clients: PipelineClient[] = [];
  for (let index = 0; index < PEOPLE; index += 1) {
    const person = await stack.createUser(`pipeline-${index}@example.com`);
    await giveCredits(stack.database.db, person.userId, 0);
    await setPremium(stack.database.db, person.userId, true);
    clients.push(
      createPipelineClient({ apiUrl: api.url ?? '', token: person.token, clients: realtime }),
    );
  }
  return clients;
}

/**
 * Both API processes live through every round: one uncounted pass warms them up first, so that
 * the first configuration measured does not pay for their JIT. The order alternates, so that
 * neither configuration always runs on the warmer API.
 */
async function measureRounds(bench: Bench) {
  const runs: RunsByWorkers = new Map(WORKER_COUNTS.map((count) => [count, []]));
  const bareRuns: RunsByWorkers = new Map(WORKER_COUNTS.map((count) => [count, []]));
  await measure(bench, 1, -1);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? WORKER_COUNTS : [...WORKER_COUNTS].reverse();
    for (const count of order) {
      const { run, bareRun } = await measure(bench, count, round);
      console.log(`round ${round}, ${count} worker(s): ${JSON.stringify(run)}`);
      console.log(`round ${round}, bare, ${count} worker(s): ${JSON.stringify(bareRun)}`);
      runs.get(count)?.push(run);
      bareRuns.get(count)?.push(bareRun);
    }
  }
  return { runs, bareRuns };
}

/** One measured configuration: Nocturne with `count` workers, then bare with as many. */
async function measure(bench: Bench, count: number, round: number) {
  const run = await measureNocturne(bench, count, round);
  const bareRun = await measureBare(bench, count);
  return { run, bareRun };
}

async function measureNocturne(bench: Bench, count: number, round: number) {
  const { stack, imagesApi, env, api, clients, nextTag, profiled } = bench;
  const workers = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      stack.startServer({
        name: `worker ${index}`,
        role: 'worker',
        env,
        nodeFlags: profileFlags(),
      }),
    ),
  );
  await waitForWorkers(workers);
  const sampleCpu: CpuSampler = () => ({
    api: processCpuMs(api.pid ?? 0),
    workers: workers.reduce((sum, worker) => sum + processCpuMs(worker.pid ?? 0), 0),
    PostgreSQL: postgresCpuMs(stack.postgresDataDir),
    bench: ownCpuMs() + processCpuMs(imagesApi.pid),
  });
  // Warm-up of the new workers (JIT, pools, the first claims), not counted.
  const options = { clients, imagesApi, nextTag, sampleCpu };
  await runPipeline({ ...options, sequentialJobs: 5, jobs: 20 });
  const run = await runPipeline({ ...options, sequentialJobs: SEQUENTIAL_JOBS, jobs: JOBS });
  for (const worker of workers) {
    profiled.push({ name: `${count} worker(s), ${worker.name}, round ${round}`, pid: worker.pid });
    await worker.stop(60_000);
  }
  return run;
}

/** The same load through the bare pipeline, right after, with as many workers. */
async function measureBare(bench: Bench, count: number) {
  const { stack, imagesApi, bare, bareClients, nextTag } = bench;
  const bareWorkers = await bare.startWorkers(count);
  const sampleCpu: CpuSampler = () => ({
    api: processCpuMs(bare.api.pid ?? 0),
    workers: bareWorkers.reduce((sum, worker) => sum + processCpuMs(worker.pid ?? 0), 0),
    PostgreSQL: postgresCpuMs(stack.postgresDataDir),
    bench: ownCpuMs() + processCpuMs(imagesApi.pid),
  });
  const options = { clients: bareClients, imagesApi, nextTag, sampleCpu };
  await runPipeline({ ...options, sequentialJobs: 5, jobs: 20 });
  const bareRun = await runPipeline({ ...options, sequentialJobs: SEQUENTIAL_JOBS, jobs: JOBS });
  await Promise.all(bareWorkers.map((worker) => worker.stop()));
  return bareRun;
}

/** bench/results/pipeline.md, or the console when profiling (profiles slow the processes). */
async function reportRuns(runs: RunsByWorkers, bareRuns: RunsByWorkers) {
  const settings = {
    workerCounts: WORKER_COUNTS,
    concurrency: CONCURRENCY,
    people: PEOPLE,
    rounds: ROUNDS,
    sequentialJobs: SEQUENTIAL_JOBS,
    jobs: JOBS,
    logLevel: BENCH_LOG_LEVEL,
  };
  const causes = await readFile(CAUSES_FILE, 'utf8').catch(() => '');
  const report = pipelineReport(runs, bareRuns, settings, causes);
  if (process.env.BENCH_CPU_PROF) console.log(report.join('\n'));
  else await writeResults('pipeline', report);
}

/** With BENCH_CPU_PROF: bench/results/pipeline-profile.md from the profiles of `profiled`. */
async function writeProfiles(profiled: Profiled) {
  const profileDir = process.env.BENCH_CPU_PROF;
  if (!profileDir) return;
  const files = await readdir(path.resolve(profileDir));
  await writeResults(
    'pipeline-profile',
    await formatProfiles(path.resolve(profileDir), files, profiled),
  );
}

await main();
