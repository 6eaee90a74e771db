import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { modelCatalogSchema } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { startTestWorker, waitFor, type TestWorker } from '../../../test/generation-worker-harness';
import { openHealthEngines } from '../../../test/model-health-fixtures';
import {
  startFaultyImageBackend,
  type FaultyImageBackend,
} from '../../../test/start-faulty-image-backend';

/**
 * AUTOMATIC1111 renders on without a LoRA it lacks, so its probe reads /sdapi/v1/loras: a model
 * whose server lacks one of its catalog LoRAs is not offered, and the console reads which file.
 */
describe('an AUTOMATIC1111 model whose server lacks a LoRA of its entry', () => {
  let servers: FaultyImageBackend[];
  let ctx: TestApp;
  let engines: Map<string, ImageGenerator>;
  let worker: TestWorker;
  let modelsDir: string;
  let token: string;

  beforeAll(async () => {
    const lora = { id: 'ink', name: 'Ink', file: 'ink_sketch.safetensors' };
    const probes = (loras: string[]) => ({ checkpoints: ['forge.safetensors'], loras });
    servers = [
      await startFaultyImageBackend('a1111', ['ok'], probes(['ink_sketch', 'film_grain'])),
      await startFaultyImageBackend('a1111', ['ok'], probes(['film_grain'])),
    ];
    const forge = (id: string, url: string) => ({
      id,
      name: id,
      backend: 'a1111',
      url,
      checkpoint: 'forge.safetensors',
      loras: [lora],
    });
    const catalog = modelCatalogSchema.parse({
      models: [
        { id: 'preview', name: 'Preview', backend: 'preview', creditCost: 0 },
        forge('inked', servers[0]!.url),
        forge('missing', servers[1]!.url),
      ],
    });
    modelsDir = await mkdtemp(path.join(tmpdir(), 'nocturne-lora-health-'));
    engines = await openHealthEngines(catalog, modelsDir);
    ctx = await createTestApp({ catalog, liveModels: [], imageEngines: engines });
    token = (await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'lora@health.test')).token;
    worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engines,
      settings: { probeTimeoutMs: 2_000, probeIntervalMs: 60_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([...(engines?.values() ?? [])].map((engine) => engine.close()));
    await ctx?.close();
    await Promise.all((servers ?? []).map((server) => server.stop()));
    if (modelsDir) await rm(modelsDir, { recursive: true, force: true });
  });

  it('is misconfigured, naming the file, while the one whose server lists it is offered', async () => {
    const models = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/models',
        headers: { authorization: `Bearer ${token}` },
      });
      return listModelsResponseSchema.parse(response.json()).models;
    };
    const listed = await waitFor(async () => {
      const all = await models();
      return all.every((model) => model.unavailable_reason !== 'no_worker') ? all : undefined;
    });
    const byId = Object.fromEntries(listed.map((model) => [model.id, model]));
    expect(byId.inked).toMatchObject({ available: true, unavailable_reason: null });
    expect(byId.missing).toMatchObject({ available: false, unavailable_reason: 'misconfigured' });
    expect(await engines.get('missing')!.probe!()).toEqual({
      state: 'misconfigured',
      cause: 'LoRA ink_sketch.safetensors not in /sdapi/v1/loras (it has: film_grain)',
    });
  });
});
