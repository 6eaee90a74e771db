import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { spawnServerProcess, waitForHealth, type ServerProcess } from './spawn-server-process';

export interface SplitRoleProcesses {
  /** Base URLs of the two `--role=api` processes. */
  apiUrls: [string, string];
  /** The two `--role=worker` processes (a test may kill one). */
  workers: [ServerProcess, ServerProcess];
  /** The DATA_DIR all four share (mail, images). */
  dataDir: string;
  /** Every process's output, for failure reports. */
  output(): string;
  /** SIGTERM to all (SIGKILL after a grace period): each one's exit code or ending signal. */
  stop(): Promise<Record<string, number | NodeJS.Signals | null>>;
}

async function twoFreePorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

/** Seconds a worker's job lease lasts here: a killed worker's job moves on within seconds. */
export const SPLIT_ROLES_LEASE_S = 3;

/**
 * Two `--role=api` and two `--role=worker` processes, started at once as a deployment would run
 * them: one database, one fan-out (PostgreSQL, or Redis at `redisUrl`), one DATA_DIR, one auth
 * secret. The workers render with the OpenAI-compatible backend at `imagesApiUrl`. Resolves once
 * both API processes answer /health.
 */
export async function startSplitRoleProcesses(options: {
  databaseUrl: string;
  redisUrl?: string;
  imagesApiUrl: string;
}): Promise<SplitRoleProcesses> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-split-roles-'));
  const ports = await twoFreePorts();
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    // Tokens are signed and checked by whichever process: one secret, one issuer for all.
    BETTER_AUTH_SECRET: 'split-roles-test-secret-of-at-least-32-chars',
    PUBLIC_URL: apiUrls[0],
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    IMAGE_BACKEND: 'openai',
    OPENAI_IMAGES_URL: options.imagesApiUrl,
    GENERATION_LEASE_S: String(SPLIT_ROLES_LEASE_S),
  };
  const workers = [0, 1].map((index) =>
    spawnServerProcess({ name: `worker ${index}`, role: 'worker', env }),
  ) as [ServerProcess, ServerProcess];
  const processes: ServerProcess[] = [
    ...ports.map((port, index) =>
      spawnServerProcess({ name: `api ${index}`, role: 'api', env: { ...env, PORT: `${port}` } }),
    ),
    ...workers,
  ];
  const output = () => processes.map((server) => server.output()).join('\n');
  const stop = async () => {
    const ended = await Promise.all(
      processes.map(async (server) => [server.name, await server.stop()] as const),
    );
    await rm(dataDir, { recursive: true, force: true });
    return Object.fromEntries(ended);
  };
  try {
    await Promise.all(apiUrls.map((url, index) => waitForHealth(processes[index]!, url)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrls, workers, dataDir, output, stop };
}
