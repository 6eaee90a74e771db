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
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createRealtimeClients } from '../test/realtime-client';
import { giveCredits } from '../test/generation-worker-harness';
import { setPremium } from '../test/read-credit-ledger';
import { describeMachine, markdownTable, SHARED_MACHINE_NOTE, writeResults } from './bench-report';
import { BENCH_LOG_LEVEL, profileFlags, startBenchStack, type BenchServer } from './bench-stack';
import { median } from './measure';
import { createPipelineClient } from './pipeline-client';
import { startBarePipeline } from './bare-pipeline';
import { runPipeline, type CpuSampler, type PipelineRun } from './pipeline-run';
import { ownCpuMs, postgresCpuMs, processCpuMs } from './process-cpu';
import { startImagesApiProcess } from './fake-images-api-process';
import { formatProfiles } from './pipeline-profile';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const JOBS = Number(process.env.BENCH_PIPELINE_JOBS ?? 300);
const SEQUENTIAL_JOBS = Math.max(10, Math.round(JOBS / 6));
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? 4);
/** People submitting at once, one job in flight each. */
const PEOPLE = 32;
const WORKER_COUNTS = [1, 2];
/** Written by hand from a profiled run (pipeline-profile.md); embedded in pipeline.md. */
const CAUSES_FILE = path.join(import.meta.dirname, 'pipeline-causes.md');
const GOAL = { jobsPerSecond: 100, addedP50: 25 };
const CORES = availableParallelism();
/** The process groups whose CPU per job the bench reports, in the table's order. */
const CPU_GROUPS = ['api', 'workers', 'PostgreSQL', 'bench'] as const;

/** The worker logs this once it claims; a quieter LOG_LEVEL falls back to a fixed wait. */
async function waitForWorkers(workers: BenchServer[]) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (workers.some((worker) => worker.hasExited())) {
      throw new Error(`a worker exited\n${workers.map((worker) => worker.output()).join('\n')}`);
    }
    if (workers.every((worker) => worker.output().includes('generation worker started'))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const stack = await startBenchStack();
  const imagesApi = await startImagesApiProcess();
  const realtime = createRealtimeClients();
  const profiled: Array<{ name: string; pid: number | undefined }> = [];
  let stopBare: () => Promise<void> = async () => undefined;
  try {
    const env = {
      IMAGE_BACKEND: 'openai',
      OPENAI_IMAGES_URL: imagesApi.url,
      WORKER_CONCURRENCY: String(CONCURRENCY),
      // Raised through their settings: one address, a few people, hundreds of jobs a minute.
      RATE_LIMIT_PER_MINUTE: '100000000',
      GENERATE_MAX_PER_USER_PER_MINUTE: '100000000',
      GENERATION_QUEUE_MAX_PER_PREMIUM_USER: '100000',
    };
    const api = await stack.startServer({
      name: 'api',
      role: 'api',
      env,
      nodeFlags: profileFlags(),
    });
    profiled.push({ name: 'api', pid: api.pid });
    const clients = [];
    for (let index = 0; index < PEOPLE; index += 1) {
      const person = await stack.createUser(`pipeline-${index}@example.com`);
      await giveCredits(stack.database.db, person.userId, 0);
      await setPremium(stack.database.db, person.userId, true);
      clients.push(
        createPipelineClient({
          apiUrl: api.url ?? '',
          token: person.token,
          clients: realtime,
        }),
      );
    }
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
    const runs = new Map<number, PipelineRun[]>(WORKER_COUNTS.map((count) => [count, []]));
    const bareRuns = new Map<number, PipelineRun[]>(WORKER_COUNTS.map((count) => [count, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const count of WORKER_COUNTS) {
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
        // Warm-up (JIT, pools, the first claims), not counted.
        await runPipeline({
          clients,
          imagesApi,
          sequentialJobs: 5,
          jobs: 20,
          nextTag,
          sampleCpu,
        });
        const run = await runPipeline({
          clients,
          imagesApi,
          sequentialJobs: SEQUENTIAL_JOBS,
          jobs: JOBS,
          nextTag,
          sampleCpu,
        });
        console.log(`round ${round}, ${count} worker(s): ${JSON.stringify(run)}`);
        runs.get(count)?.push(run);
        for (const worker of workers) {
          profiled.push({
            name: `${count} worker(s), ${worker.name}, round ${round}`,
            pid: worker.pid,
          });
          await worker.stop(60_000);
        }
        // The same load through the bare pipeline, right after, with as many workers.
        const bareWorkers = await bare.startWorkers(count);
        const sampleBareCpu: CpuSampler = () => ({
          api: processCpuMs(bare.api.pid ?? 0),
          workers: bareWorkers.reduce((sum, worker) => sum + processCpuMs(worker.pid ?? 0), 0),
          PostgreSQL: postgresCpuMs(stack.postgresDataDir),
          bench: ownCpuMs() + processCpuMs(imagesApi.pid),
        });
        const bareOptions = { clients: bareClients, imagesApi, nextTag, sampleCpu: sampleBareCpu };
        await runPipeline({ ...bareOptions, sequentialJobs: 5, jobs: 20 });
        const bareRun = await runPipeline({
          ...bareOptions,
          sequentialJobs: SEQUENTIAL_JOBS,
          jobs: JOBS,
        });
        console.log(`round ${round}, bare, ${count} worker(s): ${JSON.stringify(bareRun)}`);
        bareRuns.get(count)?.push(bareRun);
        await Promise.all(bareWorkers.map((worker) => worker.stop()));
      }
    }
    const ms = (value: number) => value.toFixed(1);
    const of = (list: PipelineRun[], pick: (run: PipelineRun) => number) => median(list.map(pick));
    const rows = WORKER_COUNTS.map((count) => {
      const list = runs.get(count) ?? [];
      const of = (pick: (run: PipelineRun) => number) => median(list.map(pick));
      return [
        `${count} × ${CONCURRENCY}`,
        `**${of((run) => run.jobsPerSecond).toFixed(0)}**`,
        ms(of((run) => run.p50)),
        ms(of((run) => run.p99)),
        ms(of((run) => run.submitP50)),
        ms(of((run) => run.backendP50)),
        `**${ms(of((run) => run.addedP50))}**`,
        ms(of((run) => run.addedP99)),
        ms(of((run) => run.pickupP50)),
        ms(of((run) => run.finishP50)),
        `${(of((run) => run.outsideShare) * 100).toFixed(1)} %`,
        ms(of((run) => run.loadedP50)),
        ms(of((run) => run.loadedP99)),
        `${(of((run) => run.byEventShare) * 100).toFixed(0)} %`,
      ];
    });
    const cpuPerJob = (list: PipelineRun[]) =>
      CPU_GROUPS.map((group) => median(list.map((run) => run.cpuPerJob[group] ?? 0)));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const cpuRows = [
      ...WORKER_COUNTS.map((count) => ['Nocturne', count, runs.get(count) ?? []] as const),
      ...WORKER_COUNTS.map((count) => ['bare', count, bareRuns.get(count) ?? []] as const),
    ].map(([name, count, list]) => {
      const perJob = cpuPerJob(list);
      const total = sum(perJob);
      return [
        `${name}, ${count} × ${CONCURRENCY}`,
        ...perJob.map(ms),
        `**${ms(total)}**`,
        ((CORES * 1000) / total).toFixed(0),
        `${((of(list, (run) => run.jobsPerSecond) * total) / (CORES * 10)).toFixed(0)} %`,
      ];
    });
    const ratioRows = WORKER_COUNTS.map((count) => {
      const nocturne = runs.get(count) ?? [];
      const bareList = bareRuns.get(count) ?? [];
      const jobs = [nocturne, bareList].map((list) => of(list, (run) => run.jobsPerSecond));
      const added = [nocturne, bareList].map((list) => of(list, (run) => run.addedP50));
      const cpu = [nocturne, bareList].map((list) => sum(cpuPerJob(list)));
      return [
        `${count} × ${CONCURRENCY}`,
        jobs[0]!.toFixed(0),
        jobs[1]!.toFixed(0),
        `**${(jobs[0]! / jobs[1]!).toFixed(2)}**`,
        ms(added[0]!),
        ms(added[1]!),
        ms(cpu[0]!),
        ms(cpu[1]!),
        `${(cpu[0]! / cpu[1]!).toFixed(1)}×`,
      ];
    });
    // The added latency step by step, each side by side with bare's in the same rounds.
    const stepRows = WORKER_COUNTS.map((count) => {
      const lists = [runs.get(count) ?? [], bareRuns.get(count) ?? []];
      const pair = (pick: (run: PipelineRun) => number) =>
        lists.map((list) => ms(of(list, pick))).join(' / ');
      return [
        `${count} × ${CONCURRENCY}`,
        pair((run) => run.submitP50),
        pair((run) => run.pickupP50),
        pair((run) => run.finishP50),
        pair((run) => run.addedP50),
      ];
    });
    const bareAddedP50 = Math.min(
      ...[...bareRuns.values()].map((list) => median(list.map((run) => run.addedP50))),
    );
    const best = Math.max(
      ...[...runs.values()].map((list) => median(list.map((run) => run.jobsPerSecond))),
    );
    const addedP50 = Math.min(
      ...[...runs.values()].map((list) => median(list.map((run) => run.addedP50))),
    );
    const causes = await readFile(CAUSES_FILE, 'utf8').catch(() => '');
    const report = [
      '# Pipeline benchmark: submit → result event, instant backend',
      '',
      `${new Date().toISOString()} · ${describeMachine()}`,
      '',
      `Built server (\`node dist/main.js\`): one \`--role=api\` process and 1 or 2 \`--role=worker\``,
      `processes (WORKER_CONCURRENCY=${CONCURRENCY}, LOG_LEVEL ${BENCH_LOG_LEVEL}) on one throwaway PostgreSQL 15,`,
      'realtime fan-out through its Socket.IO adapter and emitter. The workers render with',
      'IMAGE_BACKEND=openai against a fake images API in a process of its own (as a real backend is',
      'another machine; fake-images-api-process.ts) that answers at once with a',
      "512×512 PNG (~1 MB as base64, a real backend's size). " +
        `${PEOPLE} premium people, each with a socket connected before submitting;`,
      'per job the client POSTs /generate with an Idempotency-Key and joins generation:{request_id},',
      'whose ack carries the row as of the join (as the web app takes it, so a result published',
      'before the join is not missed), and stops at the `result` event or that row. Medians over ' +
        `${ROUNDS} rounds, 1 and 2 workers alternating, each after a warm-up.`,
      '',
      `- **sequential**: ${SEQUENTIAL_JOBS} jobs one at a time. *POST* is POST /generate until its answer;`,
      '  *backend* is measured at the fake API (request received → answer sent); *added* is',
      '  submit → result minus that, per job, split into *POST → backend* (the POST answered →',
      '  the backend receives the job) and *backend → client* (the backend answered → the client',
      '  has the result).',
      `- **loaded**: ${JOBS} jobs, ${PEOPLE} in flight: jobs/s from the first submit to the last result;`,
      '  latency there includes waiting in the queue.',
      '',
      ...markdownTable(
        [
          'workers × concurrency',
          'jobs/s (loaded)',
          'p50 ms',
          'p99 ms',
          'POST p50 ms',
          'backend p50 ms',
          'added p50 ms',
          'added p99 ms',
          'POST → backend p50 ms',
          'backend → client p50 ms',
          'outside backend',
          'loaded p50 ms',
          'loaded p99 ms',
          'result by event',
        ],
        rows,
      ),
      '',
      `CPU per job in the loaded phase (user + system from /proc, every thread: libvips's too), and the`,
      `jobs/s the machine's ${CORES} cores could give if nothing but this ran and every core were busy:`,
      '',
      ...markdownTable(
        [
          'pipeline, workers × concurrency',
          'api ms',
          'workers ms',
          'PostgreSQL ms',
          'bench ms (clients, fake images API)',
          'total ms',
          `ceiling jobs/s (${CORES} cores ÷ total)`,
          'cores busy at the measured jobs/s',
        ],
        cpuRows,
      ),
      '',
      '**Against the physical limit.** *bare* is the same load through the same hops with nothing',
      'else: a POST inserting a job row and sending NOTIFY, a worker claiming it with UPDATE … SKIP',
      'LOCKED, asking the same fake images API, decoding the base64 PNG, writing it to a directory,',
      'marking the row completed and naming the image in a NOTIFY, and an API process reading the',
      'file and sending it as base64 in one Socket.IO event (bench/bare-pipeline.ts). It runs right',
      'after each Nocturne run, with as many workers, on the same PostgreSQL:',
      '',
      ...markdownTable(
        [
          'workers × concurrency',
          'Nocturne jobs/s',
          'bare jobs/s',
          'Nocturne / bare',
          'Nocturne added p50 ms',
          'bare added p50 ms',
          'Nocturne CPU ms per job',
          'bare CPU ms per job',
          'CPU Nocturne / bare',
        ],
        ratioRows,
      ),
      '',
      'The added latency of the sequential jobs step by step, Nocturne / bare, p50 ms (the steps as',
      'defined above; each median of its own, so they need not sum to the added p50):',
      '',
      ...markdownTable(
        ['workers × concurrency', 'POST', 'POST → backend', 'backend → client', 'added'],
        stepRows,
      ),
      '',
      `Goal (issue 14): ≥ ${GOAL.jobsPerSecond} jobs/s and added latency ≤ ${GOAL.addedP50} ms p50. ` +
        `Best here: ${best.toFixed(0)} jobs/s (${best >= GOAL.jobsPerSecond ? 'met' : '**not met**'}), ` +
        `added p50 ${addedP50.toFixed(1)} ms (${addedP50 <= GOAL.addedP50 ? 'met' : '**not met**'}); ` +
        `the bare pipeline's in the same run: ${bareAddedP50.toFixed(1)} ms.`,
      '',
      `- ${SHARED_MACHINE_NOTE}`,
      '- The per-process CPU profiles behind the causes below: pipeline-profile.md (a run with',
      '  BENCH_CPU_PROF, which writes that file instead of this one: profiling slows the processes).',
      '',
      causes,
    ];
    if (process.env.BENCH_CPU_PROF) console.log(report.join('\n'));
    else await writeResults('pipeline', report);
  } finally {
    realtime.disconnectAll();
    await stopBare();
    await stack.stop();
    await imagesApi.stop();
  }
  const profileDir = process.env.BENCH_CPU_PROF;
  if (profileDir) {
    const files = await readdir(path.resolve(profileDir));
    await writeResults(
      'pipeline-profile',
      await formatProfiles(path.resolve(profileDir), files, profiled),
    );
  }
}

await main();
