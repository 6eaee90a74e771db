import { renewGenerationLease } from './repository/claim-jobs';
import type { GenerationWorkerDeps } from './generation-worker-deps';
import type { GenerationRow } from './generation-row';

/** The run passed GENERATION_TIMEOUT_S. */
export class JobTimeout extends Error {}
/** The lease could not be renewed: another worker may have the job now. */
export class LeaseLost extends Error {}
/** The person cancelled it: the cancel already failed and refunded the row. */
export class JobCancelled extends Error {}

/**
 * What can stop a running job, as one signal: the person's cancel, the deadline, or a lost lease
 * (renewed every third of it while the job runs). `release` ends the watch.
 */
export function watchJob(
  deps: GenerationWorkerDeps,
  job: GenerationRow,
  cancelSignal?: AbortSignal,
) {
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
