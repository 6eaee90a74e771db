import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { Database } from '../src/db/database';
import { openPostgresDatabase } from '../src/db/open-postgres-database';
import { parseEnv } from '../src/env';
import { startServer, type RunningServer } from '../src/start-server';
import { createVerifiedUser } from './auth-flow';
import { createTestApp, type TestApp } from './create-test-app';
import { fakeEngine, TINY_PNG } from './generation-worker-harness';

/** A valid PNG signature and ~750 kB after it: about 1 MB once base64-encoded, like a real result. */
export const ONE_MB_RESULT_PNG = Buffer.concat([TINY_PNG, randomBytes(750_000)]);

export interface SplitRoles {
  apis: [TestApp, TestApp];
  urls: [string, string];
  alice: { token: string; userId: string };
  /** Starts a `--role=worker` whose engine answers ONE_MB_RESULT_PNG. */
  startWorker(): Promise<RunningServer>;
  stop(): Promise<void>;
}

/**
 * Two `--role=api` apps and, on demand, a `--role=worker`, as separate processes would run them:
 * each has its own connections (database pool, adapter or emitter) and shares only the database
 * and the fan-out (PostgreSQL at `databaseUrl`, or Redis at `redisUrl`).
 */
export async function startSplitRoles(options: {
  database: Database;
  databaseUrl: string | undefined;
  redisUrl?: string;
}): Promise<SplitRoles> {
  const { databaseUrl, redisUrl } = options;
  // Processes must sign and verify with the same secret, as a real deployment would.
  const env: Record<string, string> = {
    BETTER_AUTH_SECRET: 'split-roles-test-secret-of-at-least-32-chars',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  // Each process opens its own pool on PostgreSQL; PGlite (Redis tests) is shared in-process.
  const openDatabase = async () =>
    databaseUrl ? openPostgresDatabase(databaseUrl) : options.database;
  const apis: [TestApp, TestApp] = [
    await createTestApp({ database: await openDatabase(), env }),
    await createTestApp({ database: await openDatabase(), env }),
  ];
  const alice = await createVerifiedUser(apis[0].app, apis[0].env.DATA_DIR, 'alice@example.com');
  const urls: [string, string] = [
    await apis[0].app.listen({ port: 0, host: '127.0.0.1' }),
    await apis[1].app.listen({ port: 0, host: '127.0.0.1' }),
  ];
  const workers: RunningServer[] = [];
  return {
    apis,
    urls,
    alice,
    async startWorker() {
      const database = await openDatabase();
      const worker = await startServer({
        role: 'worker',
        env: parseEnv({ ...env, DATA_DIR: apis[0].env.DATA_DIR, LOG_LEVEL: 'silent' }),
        // On PGlite the test owns the shared database: the worker's stop() must not close it.
        database: databaseUrl ? database : { ...database, close: async () => undefined },
        logger: pino({ level: 'silent' }),
        imageEngine: fakeEngine(() => ONE_MB_RESULT_PNG),
      });
      workers.push(worker);
      return worker;
    },
    async stop() {
      for (const worker of workers) await worker.stop();
      for (const api of apis) {
        await api.close();
        if (databaseUrl) await api.database.close();
      }
    },
  };
}
