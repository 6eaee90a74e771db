import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminOverviewSchema } from '@nocturne/contract/admin/overview';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../db/database';
import { freePort } from '../../../test/free-port';
import { giveCredits, waitFor } from '../../../test/generation-worker-harness';
import { openTestDatabaseWithUrl } from '../../../test/open-test-database';
import { scrapeMetrics } from '../../../test/prometheus-text';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { signUpOverHttp } from '../../../test/sign-up-over-http';
import {
  spawnServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../../../test/spawn-server-process';

const onPostgres = inject('databaseKind') === 'postgres';
const METRICS_TOKEN = 'model-health-processes-metrics-token';
const OPERATOR = 'ops@health-processes.test';

/**
 * As deployed: a `--role=api` process and a `--role=worker` process on one PostgreSQL database,
 * the worker's ComfyUI refusing connections. The API process opens the same catalog but renders
 * nothing: what it tells people and operators is what the worker's probes found.
 */
describe.runIf(onPostgres)('model health across an API and a worker process', () => {
  let database: Database;
  let root: string;
  let api: ServerProcess;
  let worker: ServerProcess;
  let apiUrl: string;
  let refusedPort: number;

  beforeAll(async () => {
    const opened = await openTestDatabaseWithUrl();
    database = opened.database;
    root = await mkdtemp(path.join(tmpdir(), 'nocturne-health-processes-'));
    refusedPort = await freePort();
    const modelsFile = path.join(root, 'models.json');
    await writeFile(
      modelsFile,
      JSON.stringify({
        models: [
          { id: 'preview', name: 'Preview', backend: 'preview', creditCost: 0 },
          {
            id: 'sdxl',
            name: 'SDXL',
            backend: 'comfyui',
            tier: 'free',
            url: `http://127.0.0.1:${refusedPort}`,
            checkpoint: 'sd_xl_base_1.0.safetensors',
          },
        ],
      }),
    );
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    const env = {
      HOST: '127.0.0.1',
      DATABASE_URL: opened.url ?? '',
      BETTER_AUTH_SECRET: 'model-health-processes-secret-of-32-chars',
      IMAGE_URL_SECRET: 'model-health-processes-image-secret-32-chars',
      PUBLIC_URL: apiUrl,
      DATA_DIR: root,
      WEB_DIST_DIR: path.join(root, 'no-web-dist'),
      MODELS_FILE: modelsFile,
      LOG_LEVEL: 'info',
    };
    worker = spawnServerProcess({ name: 'worker', role: 'worker', env });
    api = spawnServerProcess({
      name: 'api',
      role: 'api',
      env: {
        ...env,
        PORT: String(port),
        METRICS_TOKEN,
        OPERATOR_EMAILS: OPERATOR,
        OPERATOR_REQUIRE_TWO_FACTOR: 'false',
      },
    });
    await waitForHealth(api, apiUrl);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await database?.close();
    if (root) await rm(root, { recursive: true, force: true });
  }, 30_000);
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(`${api.output()}\n${worker.output()}`));
  });

  const get = (url: string, token: string) =>
    fetch(`${apiUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });

  it('the API tells of the worker’s findings: GET /models, the 503, the Overview, /metrics and the log', async () => {
    const person = await signUpOverHttp(apiUrl, root, 'person@health-processes.test');
    await giveCredits(database.db, person.userId, 5);
    const models = await waitFor(async () => {
      const response = await get('/api/v1/models', person.token);
      const listed = listModelsResponseSchema.parse(await response.json()).models;
      const sdxl = listed.find((model) => model.id === 'sdxl');
      return sdxl?.unavailable_reason === 'unreachable' ? listed : undefined;
    }, 60_000);
    expect(models.map((model) => [model.id, model.available, model.is_default])).toEqual([
      ['preview', true, true],
      ['sdxl', false, false],
    ]);

    const before = await readCreditLedger(database.db, person.userId);
    const refused = await fetch(`${apiUrl}/api/v1/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content_prompt: 'a lighthouse', model: 'sdxl' }),
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: 'MODEL_UNAVAILABLE' });
    expect(await readCreditLedger(database.db, person.userId)).toEqual(before);

    const operator = await signUpOverHttp(apiUrl, root, OPERATOR);
    const overview = adminOverviewSchema.parse(
      await (await get('/api/v1/admin/overview', operator.token)).json(),
    );
    expect(overview.models.find((model) => model.id === 'sdxl')?.health).toMatchObject({
      state: 'unreachable',
      cause: `ECONNREFUSED 127.0.0.1:${refusedPort}`,
    });

    const metrics = await scrapeMetrics(apiUrl, METRICS_TOKEN);
    expect(metrics.value('nocturne_model_up', { model: 'sdxl' })).toBe(0);
    expect(metrics.value('nocturne_model_up', { model: 'preview' })).toBe(1);

    const log = worker.output();
    expect(log).toContain(`is not ready: unreachable: ECONNREFUSED 127.0.0.1:${refusedPort}`);
    expect(log).not.toMatch(/"model":"sdxl"[^\n]*"msg":"image engine ready"/);
  });
});
