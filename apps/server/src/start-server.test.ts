import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../test/auth-flow';
import { fakeEngine, giveCredits, untilAborted } from '../test/generation-worker-harness';
import { openTestDatabase } from '../test/open-test-database';
import { fakeModelSources } from '../test/fake-model-sources';
import { readCreditLedger } from '../test/read-credit-ledger';
import { parseEnv } from './env';
import { CATALOG_MODEL_SOURCES } from './modules/models/model-sources';
import { writeTestCatalogFile } from '../test/test-models';
import { startServer } from './start-server';

describe('startServer graceful shutdown', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-stop-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('stops HTTP, realtime and the database cleanly with a client still connected', async () => {
    const env = parseEnv({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const database = await openTestDatabase();
    const server = await startServer({
      role: 'all',
      env,
      database,
      logger: pino({ level: 'silent' }),
      modelSources: CATALOG_MODEL_SOURCES,
    });
    const url = server.address ?? '';
    expect((await fetch(`${url}/health`)).status).toBe(200);

    // A realtime client must not keep the server from closing.
    const { buildApp } = await import('./app');
    const helper = await buildApp({
      env,
      database,
      logger: pino({ level: 'silent' }),
      modelSources: CATALOG_MODEL_SOURCES,
    });
    const { token } = await createVerifiedUser(helper, dataDir, 'stop@example.com');
    await helper.close();
    const socket = connectClient(url, {
      path: '/realtime',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    await server.stop();
    await disconnected;
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    await expect(database.ping()).rejects.toThrow();
  });

  it('warms the image engine up before the worker claims its first job', async () => {
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openTestDatabase();
    const events: string[] = [];
    const engine = fakeEngine(async () => {
      events.push('generate');
      return Buffer.alloc(0);
    });
    engine.warmup = async () => {
      events.push('warmup started');
      await new Promise((resolve) => setTimeout(resolve, 50));
      events.push('warmup done');
    };
    const server = await startServer({
      role: 'worker',
      env,
      database,
      logger: pino({ level: 'silent' }),
      modelSources: fakeModelSources({ engine }),
    });
    // startServer waits for the warm-up: the worker only starts claiming after it.
    expect(events).toEqual(['warmup started', 'warmup done']);
    await server.stop();
  });

  it('runs the worker role without HTTP and stops it', async () => {
    const env = parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openTestDatabase();
    const server = await startServer({
      role: 'worker',
      env,
      database,
      logger: pino({ level: 'silent' }),
      modelSources: CATALOG_MODEL_SOURCES,
    });
    expect(server.address).toBeUndefined();
    await server.stop();
    await expect(database.ping()).rejects.toThrow();
  });

  it('on stop takes no new work at once and does not wait past the grace for a running job', async () => {
    const env = parseEnv({
      DATA_DIR: dataDir,
      // The test model at one credit (the catalog of one would be the free preview).
      MODELS_FILE: await writeTestCatalogFile(dataDir),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_S: '0.5',
    });
    const database = await openTestDatabase();
    let started!: () => void;
    const jobStarted = new Promise<void>((resolve) => (started = resolve));
    let jobSignal: AbortSignal | undefined;
    const server = await startServer({
      role: 'all',
      env,
      database,
      logger: pino({ level: 'silent' }),
      // Hangs until the generation timeout (120 s) would abort it.
      modelSources: fakeModelSources({
        engine: fakeEngine((signal) => {
          jobSignal = signal;
          started();
          return untilAborted(signal);
        }),
      }),
    });
    const url = server.address ?? '';
    const { buildApp } = await import('./app');
    const helper = await buildApp({
      env,
      database,
      logger: pino({ level: 'silent' }),
      modelSources: CATALOG_MODEL_SOURCES,
    });
    const { token, userId } = await createVerifiedUser(helper, dataDir, 'drain@example.com');
    await helper.close();
    await giveCredits(database.db, userId, 2);
    const generate = () =>
      fetch(`${url}/api/v1/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ source_prompt: '', content_prompt: 'a slow owl' }),
      });
    expect((await generate()).status).toBe(200);
    await jobStarted;

    const stopping = server.stop();
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(503);
    const refused = await generate();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: 'SERVICE_RESTARTING' });
    expect((await readCreditLedger(database.db, userId)).balance).toBe(1);
    await stopping;
    // Stopped while the job still ran: the drain did not wait for its 120 s timeout to abort it.
    expect(jobSignal?.aborted).toBe(false);
  });
});
