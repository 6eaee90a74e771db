import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';

describe('MODELS_FILE and WORKER_MODELS', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nocturne-models-file-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const catalogFile = async (name: string, catalog: unknown) => {
    const file = path.join(dir, name);
    await writeFile(file, JSON.stringify(catalog));
    return file;
  };

  it('refuses to start on a bad catalog, listing every problem with its path', async () => {
    const file = await catalogFile('bad.json', {
      models: [
        { id: 'free', name: 'Free', backend: 'preview' },
        { id: 'gpu', name: 'GPU', backend: 'comfyui', url: 'http://gpu.local:8188' },
        { id: 'api', name: 'API', backend: 'openai', url: 'https://api.example.test/v1' },
      ],
    });
    const error = (() => {
      try {
        parseEnv({ MODELS_FILE: file });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual([
      `MODELS_FILE: ${file}: models[1].checkpoint: is required for backend "comfyui"`,
      `MODELS_FILE: ${file}: models[2].model: is required for backend "openai"`,
    ]);
  });

  it('reads a valid catalog, the credentials it names and the models a worker serves', async () => {
    const file = await catalogFile('good.json', {
      models: [
        { id: 'free', name: 'Free', backend: 'preview' },
        {
          id: 'api',
          name: 'API',
          backend: 'openai',
          tier: 'premium',
          url: 'https://api.example.test/v1',
          model: 'gpt-image-1',
          credentials: { apiKeyEnv: 'STUDIO_KEY' },
        },
      ],
    });
    const env = parseEnv({
      MODELS_FILE: file,
      STUDIO_KEY: 'sk-test',
      WORKER_MODELS: ' api, free ',
    });
    expect(env.MODELS.catalog?.models.map((model) => model.id)).toEqual(['free', 'api']);
    expect(env.MODELS.secrets).toEqual({ STUDIO_KEY: 'sk-test' });
    expect(env.MODELS.workerModels).toEqual(['api', 'free']);
    expect(parseEnv({}).MODELS).toMatchObject({ catalog: undefined, workerModels: undefined });
  });
});
