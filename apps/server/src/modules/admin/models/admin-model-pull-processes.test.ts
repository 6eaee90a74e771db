import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminModelListSchema } from '@nocturne/contract/admin/models';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeHub } from '../../../../../../packages/imagegen/test/helpers/fake-hub';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../../test/create-test-app';
import { waitFor } from '../../../../test/generation-worker-harness';
import {
  startTinyHub,
  TINY_CATALOG as CATALOG,
  TINY_MODEL as MODEL,
  TINY_REQUEST,
} from '../../../../test/tiny-onnx-pull';
import { parseEnv } from '../../../env';
import { createLogger } from '../../../lib/create-logger';
import { CATALOG_MODEL_SOURCES } from '../../models/model-sources';
import type { ReloadableEngine } from '../../models/reloadable-engine';
import { workerEngines } from '../../models/worker-engines';
import { claimPull } from './pull-records';

/**
 * The console's pulls with several processes on one database and one MODELS_DIR: any API process
 * shows the pull and refuses a second one, a pull whose process stopped can be started again, and
 * the other API processes and the workers reopen the model's engine when it is installed.
 */
describe('console pulls across processes', () => {
  let hub: FakeHub;
  let first: AdminTestContext;
  let second: TestApp;
  let worker: Awaited<ReturnType<typeof workerEngines>>;
  let shared: string;

  beforeAll(async () => {
    const tinyHub = await startTinyHub('c'.repeat(40));
    hub = tinyHub.hub;
    shared = await mkdtemp(path.join(tmpdir(), 'nocturne-shared-models-'));
    const env = { HF_ENDPOINT: hub.url, MODELS_DIR: path.join(shared, 'models') };
    const { pullManifests } = tinyHub;
    first = await createAdminTestContext({ catalog: CATALOG, env, pullManifests });
    second = await createTestApp({
      database: first.ctx.database,
      catalog: CATALOG,
      env,
      pullManifests,
    });
    const catalogFile = path.join(shared, 'models.json');
    await writeFile(catalogFile, JSON.stringify(CATALOG));
    const workerEnv = parseEnv({
      DATA_DIR: shared,
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'silent',
      MODELS_FILE: catalogFile,
      WORKER_MODELS: MODEL,
      ...env,
    });
    worker = await workerEngines({
      env: workerEnv,
      logger: createLogger(workerEnv),
      database: first.ctx.database,
      origin: 'worker-1',
      sources: CATALOG_MODEL_SOURCES,
    });
  });
  afterAll(async () => {
    await worker.close();
    await second.close();
    await first.ctx.close();
    await hub.close();
    await rm(shared, { recursive: true, force: true });
  });

  const token = () => first.operator.token;
  const pullOn = (app: TestApp) => apiCall(app, token(), 'POST', `/admin/models/${MODEL}/pull`);
  const tinyOn = async (app: TestApp) => {
    const response = await apiCall(app, token(), 'GET', '/admin/models');
    expect(response.statusCode).toBe(200);
    return adminModelListSchema.parse(response.json()).models.find((m) => m.id === MODEL)!;
  };
  const engineOf = (app: TestApp): ImageGenerator => app.app.models.engines.get(MODEL)!;

  it('when a pull installs the model, the other processes reopen its engine; the puller once', async () => {
    const pulling = first.ctx.app.models.engines.get(MODEL) as ReloadableEngine;
    const reloads = vi.spyOn(pulling, 'reload');
    await expect(engineOf(second).generate(TINY_REQUEST)).rejects.toThrow(/not installed/);
    await expect(worker.engines.get(MODEL)!.generate(TINY_REQUEST)).rejects.toThrow(
      /not installed/,
    );

    expect((await pullOn(first.ctx)).statusCode).toBe(202);
    await waitFor(async () => (await tinyOn(second)).pull?.status !== 'running', 60_000);
    expect((await tinyOn(second)).pull).toMatchObject({ status: 'done', restart_needed: false });

    await waitFor(
      () =>
        engineOf(second)
          .generate(TINY_REQUEST)
          .then(
            () => true,
            () => false,
          ),
      10_000,
    );
    await waitFor(
      () =>
        worker.engines
          .get(MODEL)!
          .generate(TINY_REQUEST)
          .then(
            () => true,
            () => false,
          ),
      10_000,
    );
    expect(reloads).toHaveBeenCalledTimes(1);
  });

  it('a pull running on another process is shown and refused; one whose process stopped is not', async () => {
    const startedAt = new Date().toISOString();
    await claimPull(first.ctx.database.db, '00000000-0000-4000-8000-000000000001', {
      model_id: MODEL,
      status: 'running',
      phase: 'download',
      file: 'unet/model.onnx',
      file_index: 1,
      file_count: 4,
      bytes_done: 100,
      bytes_total: 1000,
      detail: 'Downloading unet/model.onnx',
      error: null,
      restart_needed: false,
      started_at: startedAt,
      updated_at: startedAt,
    });
    for (const app of [first.ctx, second]) {
      expect((await tinyOn(app)).pull).toMatchObject({ status: 'running', bytes_done: 100 });
      const refused = await pullOn(app);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'MODEL_PULL_RUNNING' });
    }

    // Its process died: no heartbeat for longer than the bound.
    await first.ctx.database.db.execute(
      sql`update model_pulls set heartbeat_at = now() - interval '10 minutes'`,
    );
    expect((await tinyOn(second)).pull).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('stopped'),
    });
    expect((await pullOn(second)).statusCode).toBe(202);
    await waitFor(async () => (await tinyOn(first.ctx)).pull?.status !== 'running', 60_000);
    expect((await tinyOn(first.ctx)).pull).toMatchObject({ status: 'done', error: null });
  });
});
