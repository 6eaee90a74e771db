import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { refundGenerationRun } from './generation-charge';
import type { JobFailure } from './failure-kinds';
import { imageOf, type GenerationRow } from './generation-row';
import type { QueueEstimateContext } from './queue-wait-estimate';
import { queuedUpdates } from './queued-update';
import { markJobCompleted, markJobFailed, requeueJob } from './repository/finish-jobs';

/**
 * Marks the held job completed with its stored image and adds the final `update` and the `result`
 * carrying the PNG as base64 (spec §3; without `inlinePng` the API processes add it from the
 * store); undefined when the job was lost. It writes with one statement, so it may run
 * autocommitted (UnitOfWork.statement).
 */
export async function completeGeneration(options: {
  db: DbHandle;
  events: RealtimeEvents;
  job: GenerationRow;
  workerId: string;
  resultPath: string;
  /** The signed link to the stored result (ImageStore.urlFor). */
  resultImageUrl: string;
  /**
   * The image, for the `result` event's base64; left out where the event travels by its image key
   * only (GenerationWorkerDeps.resultImageInline), and the event then carries null.
   */
  inlinePng: Buffer | undefined;
  /** imageDigest(png), computed by the caller while the file was being written. */
  sha256: string;
  retentionMs: number;
  /** `backend:model` that rendered it (the queue's wait estimate reads durations per backend). */
  backend: string;
  /** Options the person chose that the backend reported it could not honour. */
  ignoredOptions: GenerationRow['ignoredOptions'];
}): Promise<GenerationRow | undefined> {
  const { db, events, job, workerId } = options;
  const row = await markJobCompleted(db, {
    id: job.id,
    workerId,
    resultPath: options.resultPath,
    sha256: options.sha256,
    backend: options.backend,
    ignoredOptions: options.ignoredOptions,
    retentionMs: options.retentionMs,
  });
  if (!row) return undefined;
  const channel = channels.generation(row.requestId);
  const base = { ...imageOf(row), status: 'completed' as const };
  events.add({ channel, event: 'update', payload: { ...base, progress: 1, stage: null } });
  events.add({
    channel,
    event: 'result',
    payload: {
      ...base,
      seed: row.seed,
      result_base64: options.inlinePng?.toString('base64') ?? null,
      result_image_url: options.resultImageUrl,
      error: null,
    },
  });
  return row;
}

/** Puts the held job back in the queue after a failed attempt, not before `delayMs`. */
export async function requeueGeneration(options: {
  db: DbHandle;
  events: RealtimeEvents;
  job: GenerationRow;
  workerId: string;
  delayMs: number;
  queue: QueueEstimateContext;
}): Promise<GenerationRow | undefined> {
  const row = await requeueJob(options.db, {
    id: options.job.id,
    workerId: options.workerId,
    delayMs: options.delayMs,
  });
  if (!row) return row;
  for (const event of await queuedUpdates(options.db, [row], options.queue)) {
    options.events.add(event);
  }
  return row;
}

/**
 * Marks the held job failed and refunds its run, in one transaction: the status change is the
 * guard (only the holder can make it), and the refund is keyed, so it happens exactly once. Adds
 * the failed `update` and `result` (and the refund's `credit_updated`): they carry `reason`, the
 * person's sentence; `failure` (its kind and the engine's words) stays for the console.
 */
export async function failGeneration(options: {
  db: DbHandle;
  events: RealtimeEvents;
  job: GenerationRow;
  workerId: string;
  reason: string;
  failure?: JobFailure;
}) {
  const { db, events, job, workerId, reason, failure } = options;
  return db.transaction(async (tx) => {
    const row = await markJobFailed(tx, { id: job.id, workerId, reason, failure });
    if (!row) return undefined;
    const channel = channels.generation(row.requestId);
    const base = { ...imageOf(row), status: 'failed' as const, error: reason };
    events.add({ channel, event: 'update', payload: base });
    events.add({
      channel,
      event: 'result',
      payload: { ...base, seed: row.seed, result_base64: null, result_image_url: null },
    });
    await refundGenerationRun({
      tx,
      events,
      userId: row.userId,
      generationId: row.id,
      retryCount: row.retryCount,
    });
    return row;
  });
}
