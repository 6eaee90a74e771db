import type { Env } from '../env';
import {
  DEFAULT_WORKER_TIMINGS,
  type GenerationWorkerDeps,
  type GenerationWorkerSettings,
} from '../modules/generations/generation-worker-deps';
import { runGenerationWorker } from '../modules/generations/run-generation-worker';
import type { JobHandler } from './start-worker';

/** Queue settings from env; timings not in env use the documented defaults. */
export function generationWorkerSettings(env: Env, workerId: string): GenerationWorkerSettings {
  return {
    ...DEFAULT_WORKER_TIMINGS,
    workerId,
    concurrency: env.WORKER_CONCURRENCY,
    leaseMs: env.GENERATION_LEASE_S * 1000,
    // A lapsed lease is found by polling (nothing announces a dead worker): never poll less often.
    pollIntervalMs: Math.min(DEFAULT_WORKER_TIMINGS.pollIntervalMs, env.GENERATION_LEASE_S * 1000),
    timeoutMs: env.GENERATION_TIMEOUT_S * 1000,
    retentionMs: env.RESULT_RETENTION_HOURS * 3_600_000,
  };
}

/** The image job: the generations claim loop on the worker's database. */
export function createGenerationJobHandler(
  deps: Omit<GenerationWorkerDeps, 'database' | 'logger'>,
): JobHandler {
  return {
    id: 'generations',
    run: ({ database, logger, signal }) =>
      runGenerationWorker({ ...deps, database, logger }, signal),
  };
}
