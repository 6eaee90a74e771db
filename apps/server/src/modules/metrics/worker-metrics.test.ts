import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// With no model installed and no MODELS_FILE the catalog is the preview alone.
import { PREVIEW_MODEL_ID } from '@nocturne/imagegen/model-catalog/catalog-from-settings';
import { fakeEngine, TINY_PNG, waitFor } from '../../../test/generation-worker-harness';
import { fakeModelSources } from '../../../test/fake-model-sources';
import { freePort } from '../../../test/free-port';
import { openTestDatabase } from '../../../test/open-test-database';
import { scrapeMetrics } from '../../../test/prometheus-text';
import { parseEnv } from '../../env';
import { startServer } from '../../start-server';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('a worker-only process (--role=worker)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-worker-metrics-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const start = async (extra: Record<string, string>) => {
    const port = await freePort();
    const env = parseEnv({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      ...extra,
    });
    const server = await startServer({
      role: 'worker',
      env,
      database: await openTestDatabase(),
      logger: pino({ level: 'silent' }),
      modelSources: fakeModelSources({ engine: fakeEngine(() => TINY_PNG) }),
    });
    return { server, url: `http://127.0.0.1:${port}` };
  };

  it('serves its own /metrics on PORT: its job metrics, not the shared queue state', async () => {
    const { server, url } = await start({ METRICS_TOKEN: TOKEN });
    try {
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const metrics = await waitFor(async () => {
        const scraped = await scrapeMetrics(url, TOKEN);
        return scraped.value('nocturne_worker_slots', { model: PREVIEW_MODEL_ID }) === 1
          ? scraped
          : undefined;
      });
      expect(metrics.types.get('nocturne_generation_jobs_total')).toBe('counter');
      expect(metrics.types.get('process_cpu_seconds_total')).toBe('counter');
      expect(metrics.types.has('nocturne_generation_queue_depth')).toBe(false);
      expect((await fetch(`${url}/health`)).status).toBe(404);
    } finally {
      await server.stop();
    }
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });

  it('listens on nothing without METRICS_TOKEN', async () => {
    const { server, url } = await start({});
    try {
      await expect(fetch(`${url}/metrics`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });
});
