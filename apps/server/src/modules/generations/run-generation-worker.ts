import {
  createEngineHealthMonitor,
  type EngineHealthMonitor,
} from '../models/engine-health-monitor';
import { recordWorkerModels, removeWorkerModels } from '../models/model-liveness';
import { servedEngineOf } from '../models/served-engines';
import { claimGenerations } from './repository/claim-jobs';
import { cleanupExpiredResults } from './cleanup-expired-results';
import { GENERATION_CANCELLED_CHANNEL, GENERATION_JOBS_CHANNEL } from './repository/queue-signals';
import type { GenerationWorkerDeps } from './generation-worker-deps';
import { runGenerationJob } from './run-generation-job';
import { workerSlots } from '../process-metrics/process-metrics';

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

/** Waits in the line of this worker's models for new work's NOTIFY (the safety poll if not). */
function listenForWork(
  deps: GenerationWorkerDeps,
  models: string[],
  waker: ReturnType<typeof createWaker>,
) {
  // Workers of the same models wait in one line for new work's NOTIFY: only the head of the
  // line, a worker with a free slot, is woken and claims; it steps out when it is full.
  return deps.database
    .listenInLine(GENERATION_JOBS_CHANNEL, [...models].sort().join(','), waker.wake)
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'LISTEN failed; relying on the safety poll');
      return { join: () => undefined, leave: () => undefined, stop: async () => undefined };
    });
}

/** A cancel's NOTIFY stops the running job it names; answers how to stop listening. */
function listenForCancels(deps: GenerationWorkerDeps, running: Map<string, AbortController>) {
  return deps.database
    .listen(GENERATION_CANCELLED_CHANNEL, (id) => running.get(id)?.abort())
    .catch((error: unknown) => {
      deps.logger.warn(
        { err: error },
        'LISTEN for cancels failed; cancels stop jobs at lease renewal',
      );
      return async () => undefined;
    });
}

/**
 * Says in `worker_models`, every third of a lease and at once on a change of health, which
 * models this worker serves, each engine as it runs and its health (engine-health-monitor.ts).
 */
async function startServingModels(deps: GenerationWorkerDeps) {
  const { settings, logger, database } = deps;
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
  return {
    health,
    stop() {
      health.stop();
      clearInterval(beat);
    },
  };
}

/** What the claim loop keeps between its turns. */
interface ClaimLoop {
  deps: GenerationWorkerDeps;
  signal: AbortSignal;
  waker: ReturnType<typeof createWaker>;
  line: Awaited<ReturnType<typeof listenForWork>>;
  /** The jobs this worker runs, by id: a cancel's NOTIFY stops the one it names. */
  running: Map<string, AbortController>;
  active: Set<Promise<void>>;
  health: EngineHealthMonitor;
  models: string[];
  /**
   * The last claim filled every free slot, so more work may be waiting: only then does a slot
   * that frees call for a claim at once. Otherwise nothing was due, and new work sends a NOTIFY.
   */
  slotsFilled: boolean;
}

/** Claims up to `free` jobs and starts each; a job that ends frees its slot. */
async function claimAndStart(loop: ClaimLoop, free: number): Promise<number> {
  const { deps } = loop;
  const jobs = await claimGenerations({
    db: deps.database.db,
    workerId: deps.settings.workerId,
    leaseMs: deps.settings.leaseMs,
    models: loop.models,
    count: free,
  }).catch((error: unknown) => {
    deps.logger.error({ err: error }, 'claiming generations failed');
    return [];
  });
  for (const job of jobs) {
    const cancel = new AbortController();
    loop.running.set(job.id, cancel);
    const run: Promise<void> = runGenerationJob(
      { ...deps, health: loop.health },
      job,
      cancel.signal,
    )
      .catch((error: unknown) =>
        deps.logger.error({ err: error, id: job.id }, 'generation job crashed'),
      )
      .finally(() => {
        loop.running.delete(job.id);
        loop.active.delete(run);
        if (loop.slotsFilled) loop.waker.wake();
      });
    loop.active.add(run);
  }
  return jobs.length;
}

/** Claims while the signal has not aborted, sleeping whenever nothing more is due. */
async function claimUntilStopped(loop: ClaimLoop): Promise<void> {
  const { settings } = loop.deps;
  while (!loop.signal.aborted) {
    const free = settings.concurrency - loop.active.size;
    if (free <= 0) {
      loop.line.leave();
      await loop.waker.wait(settings.pollIntervalMs);
      continue;
    }
    loop.slotsFilled = (await claimAndStart(loop, free)) === free;
    // Fewer than asked: nothing more is due now; a NOTIFY (once at the head of the line) or
    // the safety poll brings the next.
    if (!loop.slotsFilled) {
      loop.line.join();
      await loop.waker.wait(settings.pollIntervalMs);
    }
  }
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
  const models = [...deps.engines.keys()];
  const line = await listenForWork(deps, models, waker);
  const running = new Map<string, AbortController>();
  const unlistenCancel = await listenForCancels(deps, running);
  signal.addEventListener('abort', waker.wake);
  const served = await startServingModels(deps);
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
  const active = new Set<Promise<void>>();
  try {
    const health = served.health;
    await claimUntilStopped({
      deps,
      signal,
      waker,
      line,
      running,
      active,
      health,
      models,
      slotsFilled: false,
    });
    // Claiming nothing more: the next in line takes the wake-ups, and no submit may count on
    // this worker any longer.
    await line.stop();
    served.stop();
    await removeWorkerModels(database.db, settings.workerId).catch((error: unknown) =>
      logger.warn({ err: error }, 'withdrawing the served models failed'),
    );
    await Promise.all(active);
  } finally {
    for (const model of models) workerSlots.set({ model }, 0);
    served.stop();
    clearInterval(cleanup);
    signal.removeEventListener('abort', waker.wake);
    await line.stop();
    await unlistenCancel();
  }
}
