/**
 * What the wait estimate needs to know about the workers serving the queue; the durations it
 * divides are the job's model's own recent ones (findRecentJobSeconds).
 */
export interface QueueEstimateContext {
  /** Jobs the workers run at once (WORKER_CONCURRENCY of a worker process). */
  concurrency: number;
}

/** `backend:model`, as stored on each completed generation (what rendered it). */
export function backendLabel(description: { backend: string; model: string }): string {
  return `${description.backend}:${description.model}`;
}

/**
 * Seconds until a job at 1-based `position` starts: the jobs ahead of it, served `concurrency`
 * at a time, at the recent mean duration `perJob` (null: no history, no estimate). Rounded up.
 */
export function waitSeconds(
  position: number,
  perJob: number | null,
  concurrency: number,
): number | null {
  if (perJob === null) return null;
  return Math.ceil(Math.ceil(position / Math.max(1, concurrency)) * perJob);
}

/**
 * What a queued image is told (a `queued` update, a join's snapshot): its 1-based place after
 * `ahead` queued jobs claimed before it, and its wait at the recent mean duration `perJob`.
 */
export function queuePlace(
  ahead: number,
  perJob: number | null,
  concurrency: number,
): { queue_position: number; estimated_wait_s: number | null } {
  const position = ahead + 1;
  return { queue_position: position, estimated_wait_s: waitSeconds(position, perJob, concurrency) };
}
