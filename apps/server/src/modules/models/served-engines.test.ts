import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineDescribedAs,
  fakeEngine,
  startTestWorker,
  TINY_PNG,
  waitFor,
  type TestWorker,
} from '../../../test/generation-worker-harness';
import { workerModels } from './worker-models-tables';
import { readOverview } from '../admin/overview/read-overview';
import { insertCompletedSource } from '../../../test/derive-fixtures';
import { startCatalogApp } from '../../../test/model-catalog-fixtures';
import { recordWorkerModels } from './model-liveness';
import { servedByBoth, servedEngineOf } from './served-engines';

/** A worker's engine on a GPU server: real images, variations, 2× upscales and inpainting. */
function gpuServerEngine(): ImageGenerator {
  return engineDescribedAs({
    backend: 'a1111',
    configured: 'a1111',
    model: 'detail.safetensors',
    isPreview: false,
    capabilities: { imageToImage: true, upscaleFactors: [2], livePreview: false, inpaint: true },
  });
}

/** A worker's engine that fell back to the preview model (its model files failed to load). */
function fallenBackEngine(): ImageGenerator {
  return engineDescribedAs({
    backend: 'onnx',
    configured: 'auto',
    model: 'preview',
    isPreview: true,
    fallbackReason: 'sd-turbo failed to load',
  });
}

/**
 * A split deployment: the API process runs on a machine without the models (its own engines are
 * previews that can do nothing but text-to-image), its workers on GPU machines. What people and
 * operators are told is what the workers run.
 */
describe("the engines people and operators are told of are the workers'", () => {
  let setup: Awaited<ReturnType<typeof startCatalogApp>>;
  const workers: TestWorker[] = [];

  beforeAll(async () => {
    const apiEngines = new Map(
      ['turbo', 'detail', 'studio'].map((id) => [id, fakeEngine(() => TINY_PNG)]),
    );
    setup = await startCatalogApp({ live: [], engines: apiEngines });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await setup.ctx.close();
  });

  const startWorker = (engines: Map<string, ImageGenerator>) => {
    const worker = startTestWorker({
      database: setup.ctx.database,
      images: setup.ctx.app.images,
      engines,
    });
    workers.push(worker);
    return worker;
  };
  const detailModel = async () => {
    const response = await setup.call(setup.free.token, 'GET', '/models');
    const models = response.json().models as Array<Record<string, unknown>>;
    return models.find((model) => model.id === 'detail');
  };
  const detailOverview = async () => {
    const overview = await readOverview(setup.ctx.database.db, setup.ctx.app.models);
    return overview.models.find((model) => model.id === 'detail')?.engine;
  };

  it('reports a GPU worker’s engine, not the API process’s preview', async () => {
    // No worker yet: the API process's own engine is all there is to tell.
    expect(await detailModel()).toMatchObject({
      is_preview: true,
      capabilities: { variations: false, upscale: [] },
    });

    startWorker(
      new Map([
        ['turbo', gpuServerEngine()],
        ['detail', gpuServerEngine()],
      ]),
    );
    await waitFor(async () => (await detailModel())?.is_preview === false);
    expect(await detailModel()).toMatchObject({
      available: true,
      capabilities: { variations: true, upscale: [2] },
    });
    expect(await detailOverview()).toEqual({
      backend: 'a1111',
      is_preview: false,
      fallback_reason: null,
    });
    // The dashboard's notice: the default model (turbo) makes real images on the workers.
    const engine = await setup.call(setup.free.token, 'GET', '/image-engine');
    expect(engine.json()).toEqual({
      backend: 'a1111',
      model: 'detail.safetensors',
      is_preview: false,
      notice: null,
      setup_command: null,
      fallback_reason: null,
    });
    // A premium person's default model (studio) has no worker yet: this process's preview speaks.
    const premiumEngine = await setup.call(setup.premium.token, 'GET', '/image-engine');
    expect(premiumEngine.json()).toMatchObject({ backend: 'onnx', is_preview: true });
    // A variation is offered by the workers' engine, which the API process's cannot do.
    const source = await insertCompletedSource(setup.ctx, setup.free.userId, { model: 'detail' });
    const variation = await setup.call(
      setup.free.token,
      'POST',
      `/generations/${source.id}/variations`,
      { strength: 'subtle' },
    );
    expect(variation.statusCode).toBe(200);
  });

  it('says preview when any worker of the model fell back, and offers what all can do', async () => {
    const fallenBack = startWorker(new Map([['detail', fallenBackEngine()]]));
    await waitFor(async () => (await detailModel())?.is_preview === true);
    expect(await detailModel()).toMatchObject({ capabilities: { variations: false, upscale: [] } });
    expect(await detailOverview()).toEqual({
      backend: 'onnx',
      is_preview: true,
      fallback_reason: 'sd-turbo failed to load',
    });

    // Its clean shutdown withdraws its report.
    await fallenBack.stop();
    expect(await detailModel()).toMatchObject({
      is_preview: false,
      capabilities: { variations: true, upscale: [2] },
    });
  });

  it('forgets the report of a worker no longer heard from', async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    // A worker that died without its clean shutdown leaves its last report behind.
    const db = setup.ctx.database.db;
    const report = new Map([['detail', servedEngineOf(gpuServerEngine().describe())]]);
    await recordWorkerModels(db, 'died', report);
    expect(await detailModel()).toMatchObject({ available: true, is_preview: false });
    await db.update(workerModels).set({ seenAt: sql`now() - interval '1 day'` });
    expect(await detailModel()).toMatchObject({
      available: false,
      is_preview: true,
      capabilities: { variations: false, upscale: [] },
    });
  });
});

describe('servedByBoth', () => {
  const gpu = servedEngineOf(gpuServerEngine().describe());
  const fallenBack = servedEngineOf(fallenBackEngine().describe());

  it.each([
    ['GPU, then fallen back', gpu, fallenBack],
    ['fallen back, then GPU', fallenBack, gpu],
  ])('is a preview offering nothing more when one worker fell back (%s)', (_, one, other) => {
    expect(servedByBoth(one, other)).toEqual(fallenBack);
  });

  it('offers the upscale factors both workers have', () => {
    const twoAndFour = { ...gpu, upscale: [2, 4] as Array<2 | 4> };
    expect(servedByBoth(twoAndFour, gpu)).toEqual(gpu);
    expect(servedByBoth(gpu, twoAndFour)).toEqual(gpu);
  });

  it('offers inpainting only when both workers can inpaint', () => {
    const cannot = { ...gpu, inpaint: false };
    expect(servedByBoth(gpu, gpu).inpaint).toBe(true);
    expect(servedByBoth(gpu, cannot).inpaint).toBe(false);
    expect(servedByBoth(cannot, gpu).inpaint).toBe(false);
  });
});
