import type { ServedRequest } from '../test/start-fake-images-api';
import type { BenchImagesApi } from './fake-images-api-process';
import { median, percentile } from './measure';
import type { JobTiming, PipelineClient } from './pipeline-client';

export interface PipelineRun {
  /** One job at a time: submit → result, the backend's part, and the rest. */
  p50: number;
  p99: number;
  backendP50: number;
  /** POST /generate alone (the submit's share of the latency). */
  submitP50: number;
  addedP50: number;
  addedP99: number;
  /** POST answered → the backend receives the job (queue wake-up, claim, request built). */
  pickupP50: number;
  /** The backend answered → the client has the result (decode, mark, store, commit, relay, send). */
  finishP50: number;
  /** The share of the sequential jobs' time spent outside the backend. */
  outsideShare: number;
  /** `jobs` submitted one in flight per person: sustained jobs/s and latency with a full queue. */
  jobsPerSecond: number;
  loadedP50: number;
  loadedP99: number;
  /** Results the client got as the `result` event (the rest: the row the join's ack carried). */
  byEventShare: number;
  /** CPU ms per job of the loaded phase, per process group (from `sampleCpu`). */
  cpuPerJob: Record<string, number>;
}

/** CPU ms so far of each process group taking part (api, workers, PostgreSQL, this bench). */
export type CpuSampler = () => Record<string, number>;

const PROMPT_TAG = /bench job (\d+) /;

/** Runs the sequential and then the loaded phase; `nextTag` numbers jobs across runs. */
export async function runPipeline(options: {
  clients: PipelineClient[];
  imagesApi: BenchImagesApi;
  sequentialJobs: number;
  jobs: number;
  nextTag: () => number;
  sampleCpu: CpuSampler;
}): Promise<PipelineRun> {
  const { nextTag } = options;
  // One page per person, fresh for each run (joins are throttled per socket and window).
  const pages = await Promise.all(
    options.clients.map(async (client) => ({ client, socket: await client.connect() })),
  );
  const sequential: JobTiming[] = [];
  for (let index = 0; index < options.sequentialJobs; index += 1) {
    const page = pages[index % pages.length]!;
    sequential.push(await page.client.run(nextTag(), page.socket));
  }
  // Every person keeps one job in flight until `jobs` have been submitted.
  const loaded: JobTiming[] = [];
  let submitted = 0;
  const cpuBefore = options.sampleCpu();
  await Promise.all(
    pages.map(async (page) => {
      while (submitted < options.jobs) {
        submitted += 1;
        loaded.push(await page.client.run(nextTag(), page.socket));
      }
    }),
  );
  const cpuAfter = options.sampleCpu();
  for (const page of pages) page.socket.disconnect();
  const cpuPerJob = Object.fromEntries(
    Object.entries(cpuAfter).map(([name, ms]) => [
      name,
      (ms - (cpuBefore[name] ?? 0)) / loaded.length,
    ]),
  );

  // The fake API's times are on this process's performance.now() clock (fake-images-api-process.ts).
  const servedByTag = new Map<number, ServedRequest>();
  for (const served of options.imagesApi.served()) {
    const tag = PROMPT_TAG.exec(served.prompt)?.[1];
    if (tag) servedByTag.set(Number(tag), served);
  }
  const latency = (job: JobTiming) => job.resultAt - job.submittedAt;
  const servedOf = (job: JobTiming) => {
    const served = servedByTag.get(job.tag);
    if (served === undefined) throw new Error(`the images API never answered job ${job.tag}`);
    return served;
  };
  const backend = (job: JobTiming) => servedOf(job).answeredAt - servedOf(job).receivedAt;
  const total = (jobs: JobTiming[], of: (job: JobTiming) => number) =>
    jobs.reduce((sum, job) => sum + of(job), 0);
  const added = sequential.map((job) => latency(job) - backend(job));
  const started = Math.min(...loaded.map((job) => job.submittedAt));
  const finished = Math.max(...loaded.map((job) => job.resultAt));
  const all = [...sequential, ...loaded];
  return {
    p50: median(sequential.map(latency)),
    p99: percentile(sequential.map(latency), 0.99),
    backendP50: median(sequential.map(backend)),
    submitP50: median(sequential.map((job) => job.acceptedAt - job.submittedAt)),
    addedP50: median(added),
    addedP99: percentile(added, 0.99),
    pickupP50: median(sequential.map((job) => servedOf(job).receivedAt - job.acceptedAt)),
    finishP50: median(sequential.map((job) => job.resultAt - servedOf(job).answeredAt)),
    outsideShare: 1 - total(sequential, backend) / total(sequential, latency),
    jobsPerSecond: (loaded.length * 1000) / (finished - started),
    loadedP50: median(loaded.map(latency)),
    loadedP99: percentile(loaded.map(latency), 0.99),
    byEventShare: all.filter((job) => job.byEvent).length / all.length,
    cpuPerJob,
  };
}
