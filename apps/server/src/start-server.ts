import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Database } from './db/database';
import type { Env } from './env';
import type { Role } from './parse-role';
import { JOB_HANDLERS } from './worker/job-handlers';
import { startWorker } from './worker/start-worker';

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
  const worker =
    role === 'api' ? undefined : startWorker({ database, logger, handlers: JOB_HANDLERS });
  if (address) logger.info({ role, publicUrl: env.PUBLIC_URL }, `Nocturne listening on ${address}`);
  return {
    address,
    async stop() {
      await app?.close();
      await worker?.stop();
      await database.close();
    },
  };
}
