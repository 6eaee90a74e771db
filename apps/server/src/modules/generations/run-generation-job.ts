import type { GenerationUpdateEvent } from '@nocturne/contract/generations/generation-events';
import { channels } from '@nocturne/contract/realtime/channels';
import type { GeneratedImage } from '@nocturne/imagegen/types';
import { writeJobProgress } from './repository/claim-jobs';
import { findResultPath } from './repository/read-generations';
import { deleteInpaintMask } from './repository/inpaint-masks';
import { completeGeneration } from './finish-generation';
import type { GenerationWorkerDeps, JobRunDeps } from './generation-worker-deps';
import { imageDigest } from '../images/image-digest';
import { imageOf, type GenerationRow } from './generation-row';
import { backendLabel } from './queue-wait-estimate';
import { chosenIgnoredOptions } from './chosen-ignored-options';
import { referenceJobInput } from './character-reference-images';
import { derivedJobInput } from './derived-job-input';
import { observeQueueWait, startJobRun } from '../process-metrics/job-metrics';
import { publishLivePreviews } from './live-preview/publish-live-previews';
import { enginePromptOf } from './engine-prompt';
import { refusedAtRender } from './screen-at-render';
import { jobFailure } from './failure-kinds';
import { FAILURE_REASONS, finalFailure, settleFailedRun } from './settle-failed-run';
import { watchJob } from './watch-job';

/**
 * What the engine is asked for a stored job: its own prompt, its style applied, every option and
 * its LoRAs' files. The size is the model's for the job's aspect ratio; a variation or upscale
 * takes its size from its source (derivedJobInput).
 */
export function engineRequestFor(job: GenerationRow) {
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
 * Runs one claimed job to its end: completed, back in the queue, failed + refunded, or lost.
 * `cancelSignal` aborts it when the person cancels (the worker hears the cancel's NOTIFY).
 */
export async function runGenerationJob(
  deps: JobRunDeps,
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
    const request = { ...engineRequestFor(job), ...derived, ...reference };
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
    deps.health.runSucceeded(job.model);
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
