import { openDatabase } from './db/open-database';
import { EnvError, parseEnv } from './env';
import { createLogger } from './lib/create-logger';
import { CATALOG_MODEL_SOURCES } from './modules/models/model-sources';
import { parseRole } from './parse-role';
import { startServer } from './start-server';

/**
 * Process entry: `node dist/main.js [--role=all|api|worker]` once built (`npm start`), or
 * `node --import tsx src/main.ts` in development.
 */
async function main() {
  const role = parseRole(process.argv.slice(2));
  const env = parseEnv();
  const logger = createLogger(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  logger.info({ role, database: database.kind }, 'database ready');
  const server = await startServer({
    role,
    env,
    database,
    logger,
    modelSources: CATALOG_MODEL_SOURCES,
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting immediately');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.stop().then(
      () => {
        logger.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // Logging to a closed pipe (a supervisor that went away) must not keep the process from exiting.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  // EnvError already lists every problem; anything else is a start-up failure worth a stack.
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
