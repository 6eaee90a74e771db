import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminModelListSchema } from '@nocturne/contract/admin/models';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { listModelsResponseSchema } from '@nocturne/contract/models/list-models';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { modelCatalogSchema } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../test/admin-fixture';
import {
  giveCredits,
  startTestWorker,
  waitFor,
  type TestWorker,
} from '../../../test/generation-worker-harness';
import { openHealthEngines } from '../../../test/model-health-fixtures';
import {
  startFaultyImageBackend,
  type FaultyImageBackend,
} from '../../../test/start-faulty-image-backend';

/**
 * ComfyUI refuses a workflow whose LoraLoader names a file it lacks, so its probe reads the LoRA
 * files it lists: the model stays offered without the missing LoRA, and the console's model
 * health names the file.
 */
describe('a ComfyUI model whose server lacks one of its catalog LoRAs', () => {
  let server: FaultyImageBackend;
  let admin: AdminTestContext;
  let engines: Map<string, ImageGenerator>;
  let worker: TestWorker;
  let modelsDir: string;

  beforeAll(async () => {
    server = await startFaultyImageBackend('comfyui', ['ok'], {
      loras: ['film_grain.safetensors'],
    });
    const catalog = modelCatalogSchema.parse({
      models: [
        { id: 'preview', name: 'Preview', backend: 'preview', creditCost: 0 },
        {
          id: 'comfy',
          name: 'Comfy',
          backend: 'comfyui',
          url: server.url,
          checkpoint: 'sd_turbo.safetensors',
          ipAdapter: {},
          loras: [
            { id: 'ink', name: 'Ink', file: 'ink_sketch.safetensors' },
            { id: 'grain', name: 'Grain', file: 'film_grain.safetensors' },
          ],
        },
      ],
    });
    modelsDir = await mkdtemp(path.join(tmpdir(), 'nocturne-comfy-lora-health-'));
    engines = await openHealthEngines(catalog, modelsDir);
    admin = await createAdminTestContext({ catalog, liveModels: [], imageEngines: engines });
    worker = startTestWorker({
      database: admin.ctx.database,
      images: admin.ctx.app.images,
      engines,
      settings: { probeTimeoutMs: 2_000, probeIntervalMs: 60_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([...(engines?.values() ?? [])].map((engine) => engine.close()));
    await admin?.ctx.close();
    await server?.stop();
    if (modelsDir) await rm(modelsDir, { recursive: true, force: true });
  });

  it('says only the model whose entry names IP-Adapter follows a character reference', async () => {
    const response = await apiCall(admin.ctx, admin.person.token, 'GET', '/models');
    const models = listModelsResponseSchema.parse(response.json()).models;
    const preview = models.find((model) => model.id === 'preview');
    expect(preview?.capabilities).not.toHaveProperty('character_reference');
  });

  it('is offered without that LoRA, and the console names the missing file', async () => {
    const comfy = await waitFor(async () => {
      const response = await apiCall(admin.ctx, admin.person.token, 'GET', '/models');
      const models = listModelsResponseSchema.parse(response.json()).models;
      const model = models.find((candidate) => candidate.id === 'comfy');
      return model?.unavailable_reason === 'no_worker' ? undefined : model;
    });
    expect(comfy).toMatchObject({ available: true, unavailable_reason: null });
    expect(comfy?.loras?.map((lora) => lora.id)).toEqual(['grain']);

    // The catalog names IP-Adapter for it: it follows a character's reference image.
    expect(comfy?.capabilities.character_reference).toBe(true);

    const response = await apiCall(admin.ctx, admin.operator.token, 'GET', '/admin/models');
    const listed = adminModelListSchema.parse(response.json());
    const console = listed.models.find((model) => model.id === 'comfy');
    expect(console?.health).toMatchObject({
      state: 'failing',
      cause:
        'LoRA ink_sketch.safetensors not in /object_info/LoraLoader (it has: film_grain.safetensors)',
    });
  });

  it('refuses a submit naming the missing LoRA before any charge, and takes the other', async () => {
    const { ctx, person } = admin;
    await giveCredits(ctx.database.db, person.userId, 5);
    const balance = async () =>
      (await apiCall(ctx, person.token, 'GET', '/credits')).json<{ balance: number }>().balance;
    // The workers' report names the missing file (the test above waits for the same report).
    await waitFor(async () => {
      const response = await apiCall(ctx, person.token, 'GET', '/models');
      const models = listModelsResponseSchema.parse(response.json()).models;
      return models.find((model) => model.id === 'comfy')?.available;
    });
    const before = await balance();
    const submit = (lora: string) =>
      apiCall(ctx, person.token, 'POST', '/generate', {
        content_prompt: 'a harbour at dusk',
        model: 'comfy',
        loras: [{ id: lora, weight: 0.8 }],
      });

    const refused = await submit('ink');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'UNKNOWN_LORA',
      message: PRODUCT_ERRORS.UNKNOWN_LORA.message,
    });
    expect(await balance()).toBe(before);

    const taken = await submit('grain');
    expect(taken.statusCode).toBe(200);
  });
});
