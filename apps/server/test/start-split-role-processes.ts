import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { spawnServerProcess, waitForHealth, type ServerProcess } from './spawn-server-process';
import { writeTestCatalogFile } from './test-models';

export interface SplitRoleProcesses {
  /** Base URLs of the two `--role=api` processes. */
  apiUrls: [string, string];
  /** The two `--role=worker` processes (a test may kill one). */
  workers: [ServerProcess, ServerProcess];
  /** API #0's DATA_DIR, where the mail it sends (sign-up verification) is written. */
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
 * them: one database, one fan-out (PostgreSQL, or Redis at `redisUrl`), one S3 bucket (`s3Env`),
 * the secrets as settings, and nothing shared on disk: each process has a DATA_DIR of its own.
 * The workers render with the OpenAI-compatible backend at `imagesApiUrl`, the catalog's one model
 * `openai` (1 credit an image, its edits on: variations and inpaints). Resolves once both API
 * processes answer /health.
 */
export async function startSplitRoleProcesses(options: {
  databaseUrl: string;
  redisUrl?: string;
  imagesApiUrl: string;
  s3Env: Record<string, string>;
}): Promise<SplitRoleProcesses> {
  const root = await mkdtemp(path.join(tmpdir(), 'nocturne-split-roles-'));
  const ownDataDir = (name: string) => ({ DATA_DIR: path.join(root, name.replace(' ', '-')) });
  const ports = await twoFreePorts();
  const catalogFile = await writeTestCatalogFile(root, {
    models: [
      {
        id: 'openai',
        name: 'OpenAI-compatible',
        description: '',
        backend: 'openai',
        tier: 'free',
        creditCost: 1,
        url: options.imagesApiUrl,
        model: 'gpt-image-1',
        edits: true,
      },
    ],
  });
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    // Tokens are signed and checked by whichever process: one secret, one issuer for all.
    BETTER_AUTH_SECRET: 'split-roles-test-secret-of-at-least-32-chars',
    IMAGE_URL_SECRET: 'split-roles-image-link-secret-of-32-chars-or-more',
    ...options.s3Env,
    PUBLIC_URL: apiUrls[0],
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(root, 'no-web-dist'),
    MODELS_FILE: catalogFile,
    GENERATION_LEASE_S: String(SPLIT_ROLES_LEASE_S),
  };
  const workers = [0, 1].map((index) =>
    spawnServerProcess({
      name: `worker ${index}`,
      role: 'worker',
      env: { ...env, ...ownDataDir(`worker ${index}`) },
    }),
  ) as [ServerProcess, ServerProcess];
  const processes: ServerProcess[] = [
    ...ports.map((port, index) =>
      spawnServerProcess({
        name: `api ${index}`,
        role: 'api',
        env: { ...env, ...ownDataDir(`api ${index}`), PORT: `${port}` },
      }),
    ),
    ...workers,
  ];
  const output = () => processes.map((server) => server.output()).join('\n');
  const stop = async () => {
    const ended = await Promise.all(
      processes.map(async (server) => [server.name, await server.stop()] as const),
    );
    await rm(root, { recursive: true, force: true });
    return Object.fromEntries(ended);
  };
  try {
    await Promise.all(apiUrls.map((url, index) => waitForHealth(processes[index]!, url)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrls, workers, dataDir: ownDataDir('api 0').DATA_DIR, output, stop };
}
