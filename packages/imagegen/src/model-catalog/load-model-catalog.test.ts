import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFromSettings } from './catalog-from-settings';
import { loadModelCatalog, ModelCatalogError, parseModelCatalog } from './load-model-catalog';

function problemsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof ModelCatalogError) return error.problems;
    throw error;
  }
  throw new Error('expected a ModelCatalogError');
}

describe('loadModelCatalog', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nocturne-catalog-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a valid file and applies the defaults', async () => {
    const file = path.join(dir, 'models.json');
    const catalog = {
      models: [
        { id: 'sd-turbo', name: 'SD-Turbo', backend: 'onnx', model: 'sd-turbo' },
        {
          id: 'sdxl',
          name: 'SDXL',
          backend: 'comfyui',
          tier: 'premium',
          creditCost: 3,
          url: 'http://gpu.local:8188',
          checkpoint: 'sdxl.safetensors',
        },
      ],
      defaults: { premium: 'sdxl' },
    };
    await writeFile(file, JSON.stringify(catalog));
    const loaded = loadModelCatalog(file);
    expect(loaded.models.map((model) => [model.id, model.tier, model.creditCost])).toEqual([
      ['sd-turbo', 'free', 1],
      ['sdxl', 'premium', 3],
    ]);
    expect(loaded.defaults).toEqual({ premium: 'sdxl' });
  });

  it('lists every problem with its JSON path', () => {
    const problems = problemsOf(() =>
      parseModelCatalog({
        models: [
          { id: 'ok', name: 'Fine', backend: 'preview' },
          { id: 'gpu', name: 'GPU', backend: 'comfyui', url: 'http://gpu.local' },
          { id: 'Bad_Id', name: 'x', backend: 'onnx', model: 'x', colour: 'red' },
          { id: 'ok', name: 'Twin', backend: 'preview' },
          {
            id: 'comfy',
            name: 'Comfy',
            backend: 'comfyui',
            url: 'http://gpu.local',
            checkpoint: 'a.safetensors',
            credentials: { usernameEnv: 'COMFY_USER' },
          },
        ],
        defaults: { free: 'missing' },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'models[1].checkpoint: is required for backend "comfyui"',
        expect.stringMatching(/^models\[2\]\.id: must be lower-case/),
        expect.stringMatching(/^models\[2\]: .*colour/),
        'models[3].id: duplicate id "ok"',
        'models[4].credentials.usernameEnv: is not used by backend "comfyui"',
      ]),
    );
    // The defaults are checked once the models themselves are valid.
    expect(problems.length).toBeGreaterThanOrEqual(4);
  });

  it('names the file when it is missing or not JSON', async () => {
    const missing = path.join(dir, 'absent.json');
    expect(problemsOf(() => loadModelCatalog(missing))[0]).toMatch(/^cannot be read: .*ENOENT/);
    const broken = path.join(dir, 'broken.json');
    await writeFile(broken, '{ "models": [');
    const error = (() => {
      try {
        loadModelCatalog(broken);
      } catch (caught) {
        return caught as ModelCatalogError;
      }
    })();
    expect(error?.message).toContain(broken);
    expect(error?.problems[0]).toMatch(/^not JSON: /);
  });
});

describe('catalogFromSettings', () => {
  it('is the preview, free, when auto has no model installed', () => {
    const catalog = catalogFromSettings({
      backend: 'auto',
      model: 'sd-turbo',
      modelInstalled: false,
    });
    expect(catalog.models).toEqual([
      expect.objectContaining({ id: 'preview', backend: 'preview', creditCost: 0, tier: 'free' }),
    ]);
    expect(catalog.defaults).toEqual({ free: 'preview' });
    // A catalog of one is itself a valid catalog.
    expect(parseModelCatalog(catalog)).toEqual(catalog);
  });

  it('is the installed ONNX model by its name, at one credit', () => {
    const catalog = catalogFromSettings({
      backend: 'auto',
      model: 'sd-turbo',
      modelInstalled: true,
    });
    expect(catalog.models[0]).toMatchObject({ id: 'sd-turbo', backend: 'onnx', creditCost: 1 });
    const onnx = catalogFromSettings({ backend: 'onnx', model: 'SD_Turbo', modelInstalled: false });
    // The id follows the catalog's rule; the engine still opens the folder by its own name.
    expect(onnx.models[0]).toMatchObject({ id: 'sd-turbo', backend: 'onnx', model: 'SD_Turbo' });
  });

  it('is the GPU backend by its name', () => {
    const catalog = catalogFromSettings({
      backend: 'openai',
      model: 'sd-turbo',
      modelInstalled: false,
      url: 'https://api.example.test/v1',
      openaiModel: 'gpt-image-1',
    });
    expect(catalog.models[0]).toMatchObject({
      id: 'openai',
      backend: 'openai',
      model: 'gpt-image-1',
      creditCost: 1,
    });
  });
});
