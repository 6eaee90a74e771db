import { jobDuration, jobFailures, jobsFinished, queueWait } from './process-metrics';

/** How one run of a job ended; `failed` is final (refunded), `retried` goes back to the queue. */
export type JobOutcome = 'completed' | 'failed' | 'cancelled' | 'retried' | 'lost';
/** Why a generation finally failed: the metric's `reason` label. */
export type JobFailureReason = 'timeout' | 'abandoned' | 'error' | 'misconfigured' | 'refused';

/** Times one run of a job on `model` from now; `end` records its outcome once. */
export function startJobRun(model: string) {
  const started = performance.now();
  return {
    end(outcome: JobOutcome, reason?: JobFailureReason) {
      jobDuration.observe({ model, outcome }, (performance.now() - started) / 1000);
      jobsFinished.inc({ model, outcome });
      if (outcome === 'failed') jobFailures.inc({ model, reason: reason ?? 'error' });
    },
  };
}

/**
 * The wait of a job's first claim: from submit to start, both on the database's clock. Later
 * claims (retries, lease takeovers) are not waits of a person for a worker.
 */
export function observeQueueWait(job: {
  model: string;
  attempts: number;
  retryCount: number;
  createdAt: Date;
  startedAt: Date | null;
}) {
  if (job.attempts !== 1 || job.retryCount !== 0 || !job.startedAt) return;
  queueWait.observe(
    { model: job.model },
    Math.max(0, job.startedAt.getTime() - job.createdAt.getTime()) / 1000,
  );
}
