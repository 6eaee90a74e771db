import type { Logger } from '../lib/create-logger';
import type { Database } from '../db/database';

/** A background job kind (the generation queue is one), run by the worker role. */
export interface JobHandler {
  readonly id: string;
  /** Runs until `signal` aborts, then returns once in-flight work is finished. */
  run(options: { database: Database; logger: Logger; signal: AbortSignal }): Promise<void>;
}

export interface RunningWorker {
  /** Stops taking new work and resolves when every handler has finished what it holds. */
  stop(): Promise<void>;
}

/** The worker role: runs every job handler on the shared database until stop(). */
export function startWorker(options: {
  database: Database;
  logger: Logger;
  handlers: readonly JobHandler[];
}): RunningWorker {
  const { database, logger, handlers } = options;
  const controller = new AbortController();
  // Nothing else may hold the event loop in the worker role; keep the process alive until stop().
  const keepAlive = setInterval(() => undefined, 1 << 30);
  const runs = handlers.map((handler) =>
    handler.run({ database, logger, signal: controller.signal }).catch((error: unknown) => {
      logger.error({ err: error, handler: handler.id }, 'job handler crashed');
    }),
  );
  return {
    async stop() {
      controller.abort();
      await Promise.all(runs);
      clearInterval(keepAlive);
    },
  };
}
