import { createEngineHealthMonitor } from '../models/engine-health-monitor';
import { recordWorkerModels, removeWorkerModels } from '../models/model-liveness';
import { servedEngineOf } from '../models/served-engines';
import { claimGenerations } from './repository/claim-jobs';
import { cleanupExpiredResults } from './cleanup-expired-results';
import { GENERATION_CANCELLED_CHANNEL, GENERATION_JOBS_CHANNEL } from './repository/queue-signals';
import type { GenerationWorkerDeps } from './generation-worker-deps';
import { runGenerationJob } from './run-generation-job';
import { workerSlots } from '../metrics/process-metrics';

/** A wake-up source: NOTIFY, a finished job, shutdown, or the safety poll's timer. */
function createWaker() {
  let pending = false;
  let release: (() => void) | undefined;
  return {
    wake() {
      pending = true;
      release?.();
    },
    async wait(ms: number) {
      if (!pending) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          release = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      release = undefined;
      pending = false;
    },
  };
}

/**
 * The claim loop (docs/decisions/005): up to `concurrency` jobs at once, its free slots claimed
 * in one statement; sleeps until NOTIFY, a job finishing while work may be waiting, or the
 * safety poll. It claims only the models it has engines for, and says so in `worker_models`
 * every third of a lease (the models' liveness), with each engine as it runs and its health
 * (probed at start, every 30 s and after a failed run: engine-health-monitor.ts). When `signal`
 * aborts it stops claiming, withdraws its models and resolves once the jobs it holds have
 * finished (SIGTERM finishes work instead of abandoning it to lease expiry).
 */
export async function runGenerationWorker(deps: GenerationWorkerDeps, signal: AbortSignal) {
  const { settings, logger, database } = deps;
  const waker = createWaker();
  const active = new Set<Promise<void>>();
  // The last claim filled every free slot, so more work may be waiting: only then does a slot
  // that frees call for a claim at once. Otherwise nothing was due, and new work sends a NOTIFY.
  let slotsFilled = false;
  const models = [...deps.engines.keys()];
  // Workers of the same models wait in one line for new work's NOTIFY: only the head of the
  // line, a worker with a free slot, is woken and claims; it steps out when it is full.
  const line = await database
    .listenInLine(GENERATION_JOBS_CHANNEL, [...models].sort().join(','), waker.wake)
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'LISTEN failed; relying on the safety poll');
      return { join: () => undefined, leave: () => undefined, stop: async () => undefined };
    });
  // The jobs this worker runs, by id: a cancel's NOTIFY stops the one it names.
  const running = new Map<string, AbortController>();
  const unlistenCancel = await database
    .listen(GENERATION_CANCELLED_CHANNEL, (id) => running.get(id)?.abort())
    .catch((error) => {
      logger.warn({ err: error }, 'LISTEN for cancels failed; cancels stop jobs at lease renewal');
      return async () => undefined;
    });
  signal.addEventListener('abort', waker.wake);
  // Described at each beat: an engine reopened after a pull reports what it is now.
  const heartbeat = () => {
    const engines = new Map(
      [...deps.engines].map(([model, engine]) => [model, servedEngineOf(engine.describe())]),
    );
    return recordWorkerModels(database.db, settings.workerId, engines, health.health()).catch(
      (error: unknown) => logger.warn({ err: error }, 'recording the served models failed'),
    );
  };
  // A change of health is reported at once, not at the next beat: the API offers the model or
  // stops offering it within a moment.
  const health = createEngineHealthMonitor({
    engines: deps.engines,
    logger,
    intervalMs: settings.probeIntervalMs,
    probeTimeoutMs: settings.probeTimeoutMs,
    onChange: () => void heartbeat(),
  });
  await health.start();
  await heartbeat();
  const beat = setInterval(heartbeat, Math.max(10, Math.floor(settings.leaseMs / 3)));
  const cleanup = setInterval(() => {
    cleanupExpiredResults({ db: database.db, images: deps.images }).catch((error: unknown) =>
      logger.warn({ err: error }, 'result cleanup failed'),
    );
  }, settings.cleanupIntervalMs);
  logger.info(
    { workerId: settings.workerId, concurrency: settings.concurrency, models },
    'generation worker started',
  );
  for (const model of models) workerSlots.set({ model }, settings.concurrency);
  try {
    while (!signal.aborted) {
      const free = settings.concurrency - active.size;
      if (free <= 0) {
        line.leave();
        await waker.wait(settings.pollIntervalMs);
        continue;
      }
      const jobs = await claimGenerations({
        db: database.db,
        workerId: settings.workerId,
        leaseMs: settings.leaseMs,
        models,
        count: free,
      }).catch((error: unknown) => {
        logger.error({ err: error }, 'claiming generations failed');
        return [];
      });
      for (const job of jobs) {
        const cancel = new AbortController();
        running.set(job.id, cancel);
        const run: Promise<void> = runGenerationJob({ ...deps, health }, job, cancel.signal)
          .catch((error: unknown) =>
            logger.error({ err: error, id: job.id }, 'generation job crashed'),
          )
          .finally(() => {
            running.delete(job.id);
            active.delete(run);
            if (slotsFilled) waker.wake();
          });
        active.add(run);
      }
      slotsFilled = jobs.length === free;
      // Fewer than asked: nothing more is due now; a NOTIFY (once at the head of the line) or
      // the safety poll brings the next.
      if (!slotsFilled) {
        line.join();
        await waker.wait(settings.pollIntervalMs);
      }
    }
    // Claiming nothing more: the next in line takes the wake-ups, and no submit may count on
    // this worker any longer.
    await line.stop();
    health.stop();
    clearInterval(beat);
    await removeWorkerModels(database.db, settings.workerId).catch((error: unknown) =>
      logger.warn({ err: error }, 'withdrawing the served models failed'),
    );
    await Promise.all(active);
  } finally {
    for (const model of models) workerSlots.set({ model }, 0);
    health.stop();
    clearInterval(beat);
    clearInterval(cleanup);
    signal.removeEventListener('abort', waker.wake);
    await line.stop();
    await unlistenCancel();
  }
}
