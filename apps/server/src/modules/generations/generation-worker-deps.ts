import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { Database } from '../../db/database';
import type { ImageStore } from '../images/image-store';
import type { UnitOfWork } from '../../db/create-unit-of-work';
import type { Logger } from '../../lib/create-logger';
import type { ModerationRules } from '../moderation/moderation-rules';
import type { JobFailure } from './failure-kinds';

/** Knobs of the queue; production values come from env, tests shrink them (no long sleeps). */
export interface GenerationWorkerSettings {
  /** Written to `locked_by`: which process holds a job. */
  workerId: string;
  /** Jobs run at once by this worker (WORKER_CONCURRENCY). */
  concurrency: number;
  /** Lease of a claimed job; renewed every third of it while the job runs. */
  leaseMs: number;
  /** Safety poll when no NOTIFY arrives (lost wake-ups, back-off deadlines, expired leases). */
  pollIntervalMs: number;
  /** First retry delay; doubles per attempt. */
  backoffMs: number;
  /** Runs of one job before it finally fails and is refunded. */
  maxAttempts: number;
  /** GENERATION_TIMEOUT_S: the image call is aborted and the job fails (no retry). */
  timeoutMs: number;
  /** RESULT_RETENTION_HOURS: how long the result file is served. */
  retentionMs: number;
  /** Minimum gap between two progress updates of one job (row write + event). */
  progressIntervalMs: number;
  /** How often expired result files are deleted. */
  cleanupIntervalMs: number;
  /** How often each engine is probed (engine-health-monitor.ts); default every 30 s. */
  probeIntervalMs?: number;
  /** How long a probe waits for an answer before its server counts as unreachable (10 s). */
  probeTimeoutMs?: number;
}

export const DEFAULT_WORKER_TIMINGS = {
  leaseMs: 60_000,
  pollIntervalMs: 5_000,
  backoffMs: 2_000,
  maxAttempts: 3,
  progressIntervalMs: 500,
  cleanupIntervalMs: 10 * 60_000,
} as const;

export interface GenerationWorkerDeps {
  database: Database;
  /** One engine per catalog model this worker serves, by id: it claims only those models' jobs. */
  engines: ReadonlyMap<string, ImageGenerator>;
  images: ImageStore;
  /** The content rules in force, kept current: each job is screened again before it renders. */
  rules: Pick<ModerationRules, 'current'>;
  /** Status changes commit with their realtime events; progress is published through it too. */
  unitOfWork: UnitOfWork;
  logger: Logger;
  settings: GenerationWorkerSettings;
  /**
   * Whether a result event carries its image as base64 when published (default true). False in a
   * worker-only process: its events reach clients only through the realtime emitter, which sends
   * a result by its image key and lets each API process read the image (result-relay.ts), so the
   * base64 of the whole image would be made only to be dropped.
   */
  resultImageInline?: boolean;
}

/**
 * How each run on a model ended, told to the claim loop's engine health monitor
 * (engine-health-monitor.ts), so the model's health follows its jobs.
 */
export interface RunOutcomes {
  runSucceeded(model: string): void;
  runFailed(model: string, failure: JobFailure): void;
}

/** What one job's run needs: the worker's deps and the loop's health monitor. */
export type JobRunDeps = GenerationWorkerDeps & { health: RunOutcomes };
