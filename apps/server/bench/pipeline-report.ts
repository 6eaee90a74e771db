import { availableParallelism } from 'node:os';
import { describeMachine, markdownTable, SHARED_MACHINE_NOTE } from './bench-report';
import { median } from './measure';
import type { PipelineRun } from './pipeline-run';

const GOAL = { jobsPerSecond: 100, addedP50: 25 };
const CORES = availableParallelism();
/** The process groups whose CPU per job the bench reports, in the table's order. */
export const CPU_GROUPS = ['api', 'workers', 'PostgreSQL', 'bench'] as const;

/** How the pipeline bench ran: what its report states beside the figures. */
export interface PipelineSettings {
  workerCounts: number[];
  concurrency: number;
  people: number;
  rounds: number;
  sequentialJobs: number;
  jobs: number;
  logLevel: string;
}

type RunsByWorkers = Map<number, PipelineRun[]>;

const ms = (value: number) => value.toFixed(1);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** The median of one figure over runs. */
const of = (list: PipelineRun[], pick: (run: PipelineRun) => number) => median(list.map(pick));
const cpuPerJob = (list: PipelineRun[]) =>
  CPU_GROUPS.map((group) => median(list.map((run) => run.cpuPerJob[group] ?? 0)));
const shape = (count: number, settings: PipelineSettings) => `${count} × ${settings.concurrency}`;

/**
 * bench/results/pipeline.md: Nocturne's runs and the bare pipeline's, per worker count, as
 * tables (latency, CPU per job, the ratio to bare, the added latency step by step), followed by
 * `causes` (pipeline-causes.md, written by hand).
 */
export function pipelineReport(
  runs: RunsByWorkers,
  bareRuns: RunsByWorkers,
  settings: PipelineSettings,
  causes: string,
): string[] {
  return [
    ...introLines(settings),
    ...latencyTable(runs, settings),
    ...cpuTable(runs, bareRuns, settings),
    ...ratioTable(runs, bareRuns, settings),
    ...stepTable(runs, bareRuns, settings),
    ...goalLines(runs, bareRuns),
    causes,
  ];
}

function introLines(settings: PipelineSettings): string[] {
  const { concurrency, people, rounds, sequentialJobs, jobs, logLevel } = settings;
  return [
    '# Pipeline benchmark: submit → result event, instant backend',
    '',
    `${new Date().toISOString()} · ${describeMachine()}`,
    '',
    `Built server (\`node dist/main.js\`): one \`--role=api\` process and 1 or 2 \`--role=worker\``,
    `processes (WORKER_CONCURRENCY=${concurrency}, LOG_LEVEL ${logLevel}) on one throwaway PostgreSQL 15,`,
    'realtime fan-out through its Socket.IO adapter and emitter. The workers render with',
    'IMAGE_BACKEND=openai against a fake images API in a process of its own (as a real backend is',
    'another machine; fake-images-api-process.ts) that answers at once with a',
    "512×512 PNG (~1 MB as base64, a real backend's size). " +
      `${people} premium people, each with a socket connected before submitting;`,
    'per job the client POSTs /generate with an Idempotency-Key and joins generation:{request_id},',
    'whose ack carries the row as of the join (as the web app takes it, so a result published',
    'before the join is not missed), and stops at the `result` event or that row. Medians over ' +
      `${rounds} rounds, 1 and 2 workers in alternating order, each after a warm-up of its`,
    'workers, all after one uncounted pass with one worker that warms both API processes up.',
    '',
    `- **sequential**: ${sequentialJobs} jobs one at a time. *POST* is POST /generate until its answer;`,
    '  *backend* is measured at the fake API (request received → answer sent); *added* is',
    '  submit → result minus that, per job, split into *POST → backend* (the POST answered →',
    '  the backend receives the job) and *backend → client* (the backend answered → the client',
    '  has the result).',
    `- **loaded**: ${jobs} jobs, ${people} in flight: jobs/s from the first submit to the last result;`,
    '  latency there includes waiting in the queue.',
    '',
  ];
}

/** Nocturne's latency and throughput per worker count. */
function latencyTable(runs: RunsByWorkers, settings: PipelineSettings): string[] {
  const rows = settings.workerCounts.map((count) => {
    const list = runs.get(count) ?? [];
    const median = (pick: (run: PipelineRun) => number) => of(list, pick);
    return [
      shape(count, settings),
      `**${median((run) => run.jobsPerSecond).toFixed(0)}**`,
      ms(median((run) => run.p50)),
      ms(median((run) => run.p99)),
      ms(median((run) => run.submitP50)),
      ms(median((run) => run.backendP50)),
      `**${ms(median((run) => run.addedP50))}**`,
      ms(median((run) => run.addedP99)),
      ms(median((run) => run.pickupP50)),
      ms(median((run) => run.finishP50)),
      `${(median((run) => run.outsideShare) * 100).toFixed(1)} %`,
      ms(median((run) => run.loadedP50)),
      ms(median((run) => run.loadedP99)),
      `${(median((run) => run.byEventShare) * 100).toFixed(0)} %`,
    ];
  });
  return [
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
  ];
}

/** CPU per job by process group, and the ceiling the machine's cores put on jobs/s. */
function cpuTable(
  runs: RunsByWorkers,
  bareRuns: RunsByWorkers,
  settings: PipelineSettings,
): string[] {
  const { workerCounts } = settings;
  const rows = [
    ...workerCounts.map((count) => ['Nocturne', count, runs.get(count) ?? []] as const),
    ...workerCounts.map((count) => ['bare', count, bareRuns.get(count) ?? []] as const),
  ].map(([name, count, list]) => {
    const perJob = cpuPerJob(list);
    const total = sum(perJob);
    return [
      `${name}, ${shape(count, settings)}`,
      ...perJob.map(ms),
      `**${ms(total)}**`,
      ((CORES * 1000) / total).toFixed(0),
      `${((of(list, (run) => run.jobsPerSecond) * total) / (CORES * 10)).toFixed(0)} %`,
    ];
  });
  return [
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
      rows,
    ),
    '',
  ];
}

/** Nocturne against the bare pipeline through the same hops, per worker count. */
function ratioTable(
  runs: RunsByWorkers,
  bareRuns: RunsByWorkers,
  settings: PipelineSettings,
): string[] {
  const rows = settings.workerCounts.map((count) => {
    const pair = [runs.get(count) ?? [], bareRuns.get(count) ?? []];
    const jobs = pair.map((list) => of(list, (run) => run.jobsPerSecond));
    const added = pair.map((list) => of(list, (run) => run.addedP50));
    const cpu = pair.map((list) => sum(cpuPerJob(list)));
    return [
      shape(count, settings),
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
  return [
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
      rows,
    ),
    '',
  ];
}

/** The added latency step by step, each side by side with bare's in the same rounds. */
function stepTable(
  runs: RunsByWorkers,
  bareRuns: RunsByWorkers,
  settings: PipelineSettings,
): string[] {
  const rows = settings.workerCounts.map((count) => {
    const lists = [runs.get(count) ?? [], bareRuns.get(count) ?? []];
    const pair = (pick: (run: PipelineRun) => number) =>
      lists.map((list) => ms(of(list, pick))).join(' / ');
    return [
      shape(count, settings),
      pair((run) => run.submitP50),
      pair((run) => run.pickupP50),
      pair((run) => run.finishP50),
      pair((run) => run.addedP50),
    ];
  });
  return [
    'The added latency of the sequential jobs step by step, Nocturne / bare, p50 ms (the steps as',
    'defined above; each median of its own, so they need not sum to the added p50):',
    '',
    ...markdownTable(
      ['workers × concurrency', 'POST', 'POST → backend', 'backend → client', 'added'],
      rows,
    ),
    '',
  ];
}

/** The best of the runs against the goal, and where the causes come from. */
function goalLines(runs: RunsByWorkers, bareRuns: RunsByWorkers): string[] {
  const medians = (byWorkers: RunsByWorkers, pick: (run: PipelineRun) => number) =>
    [...byWorkers.values()].map((list) => of(list, pick));
  const bareAddedP50 = Math.min(...medians(bareRuns, (run) => run.addedP50));
  const best = Math.max(...medians(runs, (run) => run.jobsPerSecond));
  const addedP50 = Math.min(...medians(runs, (run) => run.addedP50));
  return [
    `Goal (issue 14): ≥ ${GOAL.jobsPerSecond} jobs/s and added latency ≤ ${GOAL.addedP50} ms p50. ` +
      `Best here: ${best.toFixed(0)} jobs/s (${best >= GOAL.jobsPerSecond ? 'met' : '**not met**'}), ` +
      `added p50 ${addedP50.toFixed(1)} ms (${addedP50 <= GOAL.addedP50 ? 'met' : '**not met**'}); ` +
      `the bare pipeline's in the same run: ${bareAddedP50.toFixed(1)} ms.`,
    '',
    `- ${SHARED_MACHINE_NOTE}`,
    '- The per-process CPU profiles behind the causes below: pipeline-profile.md (a run with',
    '  BENCH_CPU_PROF, which writes that file instead of this one: profiling slows the processes).',
    '',
  ];
}
