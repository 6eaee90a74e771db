import type { GenerationUpdateEvent } from '@nocturne/contract/generations/generation-events';
import { channels } from '@nocturne/contract/realtime/channels';
import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { isImageGenError } from '@nocturne/imagegen/errors';
import type { GeneratedImage } from '@nocturne/imagegen/types';
import { renewGenerationLease, writeJobProgress } from './repository/claim-jobs';
import { findResultPath } from './repository/read-generations';
import { deleteInpaintMask } from './repository/inpaint-masks';
import { completeGeneration, failGeneration, requeueGeneration } from './finish-generation';
import type { GenerationWorkerDeps } from './generation-worker-deps';
import { imageDigest } from '../images/image-digest';
import { imageOf, type GenerationRow } from './generation-row';
import { backendLabel } from './queue-wait-estimate';
import { chosenIgnoredOptions } from './chosen-ignored-options';
import { referenceJobInput } from './character-reference-images';
import { derivedJobInput, SOURCE_VANISHED_REASON, SourceVanished } from './derived-job-input';
import {
  observeQueueWait,
  startJobRun,
  type JobFailureReason,
} from '../process-metrics/job-metrics';
import { publishLivePreviews } from './live-preview/publish-live-previews';
import { enginePromptOf } from './engine-prompt';
import { refusedAtRender } from './screen-at-render';
import { failureOfError, isEngineFailure, jobFailure, type JobFailure } from './failure-kinds';

/** What the user reads (`error`); the engine's own message stays in the log. */
export const FAILURE_REASONS = {
  failed: 'Image generation failed. Please try again.',
  timeout: (seconds: number) => `Image generation timed out after ${seconds} s.`,
  abandoned: 'Image generation stopped responding too often and was given up.',
} as const;

class JobTimeout extends Error {}
class LeaseLost extends Error {}
/** The person cancelled it: the cancel already failed and refunded the row. */
export class JobCancelled extends Error {}

/**
 * What the engine is asked for a stored job: its own prompt, its style applied, every option and
 * its LoRAs' files. A variation or upscale takes its size from its source (derivedJobInput), so
 * the test size is for text-to-image only.
 */
export function engineRequestFor(job: GenerationRow, imageSize: number | undefined) {
  const styled = enginePromptOf(job);
  return {
    prompt: styled.prompt,
    negativePrompt: styled.negativePrompt,
    seed: job.seed ?? undefined,
    aspectRatio: job.aspectRatio,
    quality: job.quality,
    ...(job.loras.length > 0
      ? { loras: job.loras.map(({ file, weight }) => ({ file, weight })) }
      : {}),
    // Tests shrink images for speed; an explicit size wins over the ratio's.
    ...(imageSize && job.kind === 'generate' ? { width: imageSize, height: imageSize } : {}),
  };
}

/**
 * What can stop a running job, as one signal: the person's cancel, the deadline, or a lost lease
 * (renewed every third of it while the job runs). `release` ends the watch.
 */
function watchJob(deps: GenerationWorkerDeps, job: GenerationRow, cancelSignal?: AbortSignal) {
  const { settings } = deps;
  const controller = new AbortController();
  const onCancel = () => controller.abort(new JobCancelled());
  if (cancelSignal?.aborted) onCancel();
  cancelSignal?.addEventListener('abort', onCancel);
  const timeout = setTimeout(() => controller.abort(new JobTimeout()), settings.timeoutMs);
  const renewal = setInterval(
    () => {
      renewGenerationLease({
        db: deps.database.db,
        id: job.id,
        workerId: settings.workerId,
        leaseMs: settings.leaseMs,
      })
        .then((held) => held || controller.abort(new LeaseLost()))
        .catch((error: unknown) =>
          deps.logger.warn({ err: error, id: job.id }, 'lease renewal failed'),
        );
    },
    Math.max(10, Math.floor(settings.leaseMs / 3)),
  );
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timeout);
      clearInterval(renewal);
      cancelSignal?.removeEventListener('abort', onCancel);
    },
  };
}

/**
 * The job's progress to its channel: `processing` at 0 now, then the engine's reports at most
 * every progressIntervalMs, each also written to the row (best effort). Progress is not a state
 * change of its own: published at once, not after a commit.
 */
function jobProgress(deps: GenerationWorkerDeps, job: GenerationRow) {
  const { settings } = deps;
  const publishProgress = (payload: GenerationUpdateEvent) =>
    deps.unitOfWork.publish({
      channel: channels.generation(job.requestId),
      event: 'update',
      payload,
    });
  const update = { ...imageOf(job), status: 'processing' as const };
  publishProgress({ ...update, progress: 0, stage: 'queued' });
  // The engine's first report (0, queued) repeats the update just sent: the throttle starts now.
  let lastProgressAt = Date.now();
  return ({ fraction, stage }: { fraction: number; stage: string }) => {
    // Throttled: the preview model reports many steps per second.
    if (Date.now() - lastProgressAt < settings.progressIntervalMs) return;
    lastProgressAt = Date.now();
    publishProgress({ ...update, progress: fraction, stage });
    void writeJobProgress(deps.database.db, {
      id: job.id,
      workerId: settings.workerId,
      progress: fraction,
      stage,
    }).catch(() => undefined);
  };
}

/**
 * Why a run ended without an image, settled: the person's or the backend's cancel, a lost lease,
 * the deadline, a vanished source and a misconfigured engine end the job (refunded); anything
 * else is tried again while attempts remain. `error` is what was thrown, `reason` why the run
 * stopped (the watch's reason when it fired).
 */
async function settleFailedRun(
  deps: GenerationWorkerDeps,
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
    deps.health?.runFailed(job.model, failure);
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
    if (isEngineFailure(failure)) deps.health?.runFailed(job.model, failure);
    await finalFailure(deps, job, FAILURE_REASONS.failed, { run, why: 'misconfigured', failure });
  } else {
    deps.logger.error(
      { err: error, id: job.id, attempt: job.attempts },
      'generation attempt failed',
    );
    const failure = failureOfError(reason);
    if (isEngineFailure(failure)) deps.health?.runFailed(job.model, failure);
    await retryOrFail(deps, job, run, failure);
  }
}

/**
 * Runs one claimed job to its end: completed, back in the queue, failed + refunded, or lost.
 * `cancelSignal` aborts it when the person cancels (the worker hears the cancel's NOTIFY).
 */
export async function runGenerationJob(
  deps: GenerationWorkerDeps,
  job: GenerationRow,
  cancelSignal?: AbortSignal,
) {
  const { settings } = deps;
  observeQueueWait(job);
  const run = startJobRun(job.model);
  // A job whose earlier runs all died (lease expiries) is not tried forever.
  if (job.attempts > settings.maxAttempts) {
    const detail = `its runs stopped without finishing ${job.attempts - 1} times (a worker died or lost the lease)`;
    return finalFailure(deps, job, FAILURE_REASONS.abandoned, {
      run,
      why: 'abandoned',
      failure: jobFailure('abandoned', detail),
    });
  }
  if (await refusedAtRender(deps, job)) return run.end('failed', 'refused');
  const watch = watchJob(deps, job, cancelSignal);
  const onProgress = jobProgress(deps, job);
  const previews = publishLivePreviews(deps, job, watch.signal);
  try {
    const engine = engineFor(deps, job);
    const db = deps.database.db;
    const derived = await derivedJobInput({ db, images: deps.images, engine }, job);
    const reference = await referenceJobInput({ db, images: deps.images, engine }, job);
    const request = { ...engineRequestFor(job, settings.imageSize), ...derived, ...reference };
    const image = await engine.generate(request, {
      signal: watch.signal,
      onPreview: previews.offer,
      onProgress,
    });
    // No preview once the engine is done: the result follows.
    previews.close();
    if (watch.signal.aborted) throw watch.signal.reason;
    await storeResult(deps, job, image);
    // A completed inpaint never renders again; a mask missed here goes with the next cleanup.
    if (job.kind === 'inpaint') await deleteInpaintMask(db, job.id).catch(() => undefined);
    deps.health?.runSucceeded(job.model);
    run.end('completed');
  } catch (error) {
    previews.close();
    const reason: unknown = watch.signal.aborted ? watch.signal.reason : error;
    await settleFailedRun(deps, job, run, { reason, error });
  } finally {
    watch.release();
  }
}

/** The engine of the job's model (the worker claims only the models it has engines for). */
function engineFor(deps: GenerationWorkerDeps, job: GenerationRow) {
  const engine = deps.engines.get(job.model);
  if (!engine) throw new Error(`this worker does not serve model "${job.model}"`);
  return engine;
}

async function storeResult(deps: GenerationWorkerDeps, job: GenerationRow, image: GeneratedImage) {
  const { png } = image;
  const saving = deps.images.save(png);
  // Hashed while libuv's threads write the file: the digest is off the job's critical path.
  const sha256 = imageDigest(png);
  const key = await saving;
  // One UPDATE: autocommitted in one round trip, not begin, update, commit.
  const row = await deps.unitOfWork
    .statement((db, events) =>
      completeGeneration({
        db,
        events,
        job,
        workerId: deps.settings.workerId,
        resultPath: key,
        resultImageUrl: deps.images.urlFor(key),
        inlinePng: deps.resultImageInline === false ? undefined : png,
        sha256,
        retentionMs: deps.settings.retentionMs,
        backend: backendLabel(image),
        ignoredOptions: chosenIgnoredOptions(job, image.ignoredOptions),
      }),
    )
    .catch(async (error: unknown) => {
      // Not committed (the database went away): the retry writes a new file, so this one would
      // belong to no one. A commit whose answer was lost keeps its file (checked when possible).
      const stored = await findResultPath(deps.database.db, job.id)
        .then((current) => current === key)
        .catch(() => true);
      if (!stored) await deps.images.remove(key);
      throw error;
    });
  // Deleted by its owner, or taken over after our lease lapsed: the file belongs to no one.
  if (!row) await deps.images.remove(key);
}

async function retryOrFail(
  deps: GenerationWorkerDeps,
  job: GenerationRow,
  run: JobRun,
  failure: JobFailure,
) {
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

type JobRun = ReturnType<typeof startJobRun>;

/**
 * Fails and refunds the job with the person's `reason` and, for the console, the `failure`; with
 * `run`, counted as a failure for `why`.
 */
async function finalFailure(
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
