import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { isImageGenError } from '@nocturne/imagegen/errors';
import { failGeneration, requeueGeneration } from './finish-generation';
import type { GenerationWorkerDeps, JobRunDeps } from './generation-worker-deps';
import type { GenerationRow } from './generation-row';
import { SOURCE_VANISHED_REASON, SourceVanished } from './derived-job-input';
import type { JobFailureReason, startJobRun } from '../process-metrics/job-metrics';
import { failureOfError, isEngineFailure, jobFailure, type JobFailure } from './failure-kinds';
import { JobCancelled, JobTimeout, LeaseLost } from './watch-job';

/** What the user reads (`error`); the engine's own message stays in the log. */
export const FAILURE_REASONS = {
  failed: 'Image generation failed. Please try again.',
  timeout: (seconds: number) => `Image generation timed out after ${seconds} s.`,
  abandoned: 'Image generation stopped responding too often and was given up.',
} as const;

/**
 * Why a run ended without an image, settled: the person's or the backend's cancel, a lost lease,
 * the deadline, a vanished source and a misconfigured engine end the job (refunded); anything
 * else is tried again while attempts remain. `error` is what was thrown, `reason` why the run
 * stopped (the watch's reason when it fired).
 */
export async function settleFailedRun(
  deps: JobRunDeps,
  job: GenerationRow,
  run: JobRun,
  stopped: { reason: unknown; error: unknown },
) {
  const { reason, error } = stopped;
  if (reason instanceof JobCancelled) {
    deps.logger.info({ id: job.id }, 'generation cancelled by its owner; stopped');
    run.end('cancelled');
  } else if (reason instanceof LeaseLost) {
    deps.logger.warn(
      { id: job.id },
      'lost the lease of a running generation; another worker has it',
    );
    run.end('lost');
  } else if (reason instanceof JobTimeout) {
    const seconds = Math.round(deps.settings.timeoutMs / 1000);
    const failure = jobFailure('timeout', `no image within ${seconds} s (GENERATION_TIMEOUT_S)`);
    deps.health.runFailed(job.model, failure);
    await finalFailure(deps, job, FAILURE_REASONS.timeout(seconds), {
      run,
      why: 'timeout',
      failure,
    });
  } else if (isImageGenError(reason) && reason.kind === 'cancelled') {
    // Stopped on the backend itself (ComfyUI's own cancel): it ends as the person's cancel does.
    deps.logger.info({ id: job.id, err: reason }, 'generation cancelled on the image backend');
    await finalFailure(deps, job, CANCELLED_REASON, { failure: failureOfError(reason) });
    run.end('cancelled');
  } else if (reason instanceof SourceVanished) {
    deps.logger.warn({ err: reason, id: job.id }, 'the source of a derived job is gone');
    const failure = jobFailure('source_vanished', reason.message);
    await finalFailure(deps, job, SOURCE_VANISHED_REASON, { run, why: 'error', failure });
  } else if (isImageGenError(reason) && ['misconfigured', 'unsupported'].includes(reason.kind)) {
    // Wrong credentials, a checkpoint the server lacks, or an action the backend cannot do
    // (image-to-image, an upscale factor): another attempt cannot succeed.
    deps.logger.error({ err: reason, id: job.id }, 'image backend misconfigured');
    const failure = failureOfError(reason);
    if (isEngineFailure(failure)) deps.health.runFailed(job.model, failure);
    await finalFailure(deps, job, FAILURE_REASONS.failed, { run, why: 'misconfigured', failure });
  } else {
    deps.logger.error(
      { err: error, id: job.id, attempt: job.attempts },
      'generation attempt failed',
    );
    const failure = failureOfError(reason);
    if (isEngineFailure(failure)) deps.health.runFailed(job.model, failure);
    await retryOrFail(deps, job, run, failure);
  }
}

async function retryOrFail(deps: JobRunDeps, job: GenerationRow, run: JobRun, failure: JobFailure) {
  const { settings } = deps;
  if (job.attempts >= settings.maxAttempts)
    return finalFailure(deps, job, FAILURE_REASONS.failed, { run, why: 'error', failure });
  const delayMs = settings.backoffMs * 2 ** (job.attempts - 1);
  await deps.unitOfWork.transaction((tx, events) =>
    requeueGeneration({
      db: tx,
      events,
      job,
      workerId: settings.workerId,
      delayMs,
      queue: { concurrency: settings.concurrency },
    }),
  );
  run.end('retried');
}

export type JobRun = ReturnType<typeof startJobRun>;

/**
 * Fails and refunds the job with the person's `reason` and, for the console, the `failure`; with
 * `run`, counted as a failure for `why`.
 */
export async function finalFailure(
  deps: GenerationWorkerDeps,
  job: GenerationRow,
  reason: string,
  options: { run?: JobRun; why?: JobFailureReason; failure?: JobFailure } = {},
) {
  const { run, why, failure } = options;
  await deps.unitOfWork.transaction((tx, events) =>
    failGeneration({ db: tx, events, job, workerId: deps.settings.workerId, reason, failure }),
  );
  run?.end('failed', why);
}
