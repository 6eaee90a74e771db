import type { FastifyInstance } from 'fastify';
import type { Logger } from './lib/create-logger';
import { buildApp } from './app';
import type { Database } from './db/database';
import type { Env } from './env';
import type { ModelSources } from './modules/models/model-sources';
import type { Role } from './parse-role';
import { startJobs, type RunningJobs } from './start-jobs';
import { startMetricsServer } from './start-metrics-server';

export interface RunningServer {
  /** Graceful: stop accepting, finish in-flight requests and jobs, close realtime, then the DB. */
  stop(): Promise<void>;
  /** The bound HTTP address (undefined for the worker role). */
  address: string | undefined;
}

/** What one process runs: the app (roles all and api), the jobs (all and worker), or metrics alone. */
interface ServerParts {
  database: Database;
  app: FastifyInstance | undefined;
  jobs: RunningJobs | undefined;
  metricsServer: { close(): Promise<void> } | undefined;
}

/** Starts what `role` asks for on an open database; the database is closed by stop(). */
export async function startServer(options: {
  role: Role;
  env: Env;
  database: Database;
  logger: Logger;
  /** Where the engines come from: CATALOG_MODEL_SOURCES (main.ts) or a test's fakes. */
  modelSources: ModelSources;
}): Promise<RunningServer> {
  const { role, env, database, logger, modelSources } = options;
  const app =
    role === 'worker' ? undefined : await buildApp({ env, database, logger, modelSources });
  const address = app ? await app.listen({ port: env.PORT, host: env.HOST }) : undefined;
  // The worker role has no app to serve /metrics: with METRICS_TOKEN it listens on PORT for that.
  const metricsServer = app ? undefined : await startMetricsServer(env, logger);
  const jobs =
    role === 'api' ? undefined : await startJobs({ env, database, logger, app, modelSources });
  if (address) logger.info({ role, publicUrl: env.PUBLIC_URL }, `Nocturne listening on ${address}`);
  const parts = { database, app, jobs, metricsServer };
  return { address, stop: () => stopServer(parts) };
}

/**
 * Takes no new work at once (/health answers 503, new generations are refused), then lets the jobs
 * finish within the grace while they still have the engine, the realtime server and the database;
 * then closes what the jobs opened, the app, the metrics server and last the database.
 */
async function stopServer(parts: ServerParts): Promise<void> {
  const { database, app, jobs, metricsServer } = parts;
  app?.drain.begin();
  await jobs?.stop();
  await jobs?.close();
  await app?.close();
  await metricsServer?.close();
  await database.close();
}
