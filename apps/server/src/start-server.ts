import { hostname } from 'node:os';
import path from 'node:path';
import type { Logger } from './lib/create-logger';
import { buildApp } from './app';
import type { Database } from './db/database';
import type { Env } from './env';
import { createImageStore } from './modules/images/image-store';
import { createImageEngine } from './modules/image-engine/create-image-engine';
import type { Role } from './parse-role';
import {
  createGenerationJobHandler,
  generationWorkerSettings,
} from './worker/generation-job-handler';
import { createWorkerPublisher } from './worker/create-worker-publisher';
import { JOB_HANDLERS } from './worker/job-handlers';
import { startWorker, type JobHandler } from './worker/start-worker';

export interface RunningServer {
  /** Graceful: stop accepting, finish in-flight requests and jobs, close realtime, then the DB. */
  stop(): Promise<void>;
  /** The bound HTTP address (undefined for the worker role). */
  address: string | undefined;
}

/** Starts what `role` asks for on an open database; the database is closed by stop(). */
export async function startServer(options: {
  role: Role;
  env: Env;
  database: Database;
  logger: Logger;
}): Promise<RunningServer> {
  const { role, env, database, logger } = options;
  // --role=api exists to run several API processes: each event must reach all of them.
  const app =
    role === 'worker'
      ? undefined
      : await buildApp({
          env,
          database,
          logger,
          realtimeFanOut: role === 'api' ? 'database' : 'process',
        });
  const address = app ? await app.listen({ port: env.PORT, host: env.HOST }) : undefined;
  let handlers: readonly JobHandler[] = JOB_HANDLERS;
  let closeEngine: () => Promise<void> = async () => undefined;
  let drainRelay: () => Promise<void> = async () => undefined;
  if (role !== 'api') {
    const settings = generationWorkerSettings(env, `${hostname()}:${process.pid}`);
    // Role all shares the app's engine, image store and realtime (events go straight to its
    // sockets); role worker opens its own and publishes through the realtime relay (NOTIFY to
    // the API processes, docs/decisions/006).
    const engine = app?.imageEngine ?? (await createImageEngine(env, logger));
    if (!app) closeEngine = () => engine.close();
    const images = app?.images ?? createImageStore(path.join(env.DATA_DIR, 'images'));
    let publish = app?.realtime.publish;
    if (!publish) {
      const relay = createWorkerPublisher({ database, images, logger });
      publish = relay.publish;
      drainRelay = relay.drain;
    }
    handlers = [...JOB_HANDLERS, createGenerationJobHandler({ engine, images, publish, settings })];
  }
  const worker = role === 'api' ? undefined : startWorker({ database, logger, handlers });
  if (address) logger.info({ role, publicUrl: env.PUBLIC_URL }, `Nocturne listening on ${address}`);
  return {
    address,
    async stop() {
      // Jobs first: they still need the engine, the realtime server and the database.
      await worker?.stop();
      await drainRelay();
      await closeEngine();
      await app?.close();
      await database.close();
    },
  };
}
