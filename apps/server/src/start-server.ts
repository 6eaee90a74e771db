import { hostname } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
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
  const app = role === 'worker' ? undefined : await buildApp({ env, database, logger });
  const address = app ? await app.listen({ port: env.PORT, host: env.HOST }) : undefined;
  let handlers: readonly JobHandler[] = JOB_HANDLERS;
  let closeEngine: () => Promise<void> = async () => undefined;
  if (role !== 'api') {
    const settings = generationWorkerSettings(env, `${hostname()}:${process.pid}`);
    // Role all shares the app's engine, image store and realtime; role worker opens its own and
    // has no sockets to publish to (see README: realtime from a separate worker).
    const engine = app?.imageEngine ?? (await createImageEngine(env, logger));
    if (!app) closeEngine = () => engine.close();
    const images = app?.images ?? createImageStore(path.join(env.DATA_DIR, 'images'));
    const publish = app ? app.realtime.publish : () => undefined;
    handlers = [...JOB_HANDLERS, createGenerationJobHandler({ engine, images, publish, settings })];
  }
  const worker = role === 'api' ? undefined : startWorker({ database, logger, handlers });
  if (address) logger.info({ role, publicUrl: env.PUBLIC_URL }, `Nocturne listening on ${address}`);
  return {
    address,
    async stop() {
      // Jobs first: they still need the engine, the realtime server and the database.
      await worker?.stop();
      await closeEngine();
      await app?.close();
      await database.close();
    },
  };
}
