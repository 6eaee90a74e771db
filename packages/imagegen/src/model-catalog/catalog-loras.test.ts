import { describe, expect, it } from 'vitest';
import { ModelCatalogError, parseModelCatalog } from './load-model-catalog';

function problemsOf(work: () => unknown): string[] {
  try {
    work();
  } catch (error) {
    if (error instanceof ModelCatalogError) return error.problems;
    throw error;
  }
  throw new Error('expected a ModelCatalogError');
}

const comfy = {
  id: 'sdxl',
  name: 'SDXL',
  backend: 'comfyui',
  url: 'http://gpu.local:8188',
  checkpoint: 'sdxl.safetensors',
};
const lora = { id: 'ink', name: 'Ink sketch', file: 'ink_sketch.safetensors' };

describe('catalog LoRAs', () => {
  it('reads a comfyui or a1111 model with LoRAs and fills their defaults', () => {
    const catalog = parseModelCatalog({
      models: [
        { ...comfy, loras: [{ ...lora, triggerWords: ['ink sketch'] }] },
        {
          id: 'forge',
          name: 'Forge',
          backend: 'a1111',
          url: 'http://gpu.local:7860',
          loras: [{ ...lora, defaultWeight: 0.6, tier: 'premium' }],
        },
      ],
    });
    expect(catalog.models[0]?.loras).toEqual([
      { ...lora, defaultWeight: 1, tier: 'free', triggerWords: ['ink sketch'] },
    ]);
    expect(catalog.models[1]?.loras).toEqual([{ ...lora, defaultWeight: 0.6, tier: 'premium' }]);
  });

  it('refuses LoRAs on a backend that cannot load them, naming the entry', () => {
    const problems = problemsOf(() =>
      parseModelCatalog({
        models: [
          { id: 'cpu', name: 'CPU', backend: 'onnx', model: 'sd-turbo', loras: [lora] },
          {
            id: 'api',
            name: 'API',
            backend: 'openai',
            url: 'https://api.example.com',
            model: 'gpt-image-1',
            loras: [lora],
          },
        ],
      }),
    );
    expect(problems).toEqual([
      'models[0].loras: are only loaded by backends "comfyui" and "a1111", not "onnx"',
      'models[1].loras: are only loaded by backends "comfyui" and "a1111", not "openai"',
    ]);
  });

  it('refuses two LoRAs with one id in a model, and a weight out of range', () => {
    const problems = problemsOf(() =>
      parseModelCatalog({
        models: [{ ...comfy, loras: [lora, { ...lora, file: 'other.safetensors' }] }],
      }),
    );
    expect(problems).toEqual(['models[0].loras[1].id: duplicate LoRA id "ink"']);
    const weights = problemsOf(() =>
      parseModelCatalog({ models: [{ ...comfy, loras: [{ ...lora, defaultWeight: 3 }] }] }),
    );
    expect(weights).toEqual([expect.stringMatching(/^models\[0\]\.loras\[0\]\.defaultWeight: /)]);
  });
});
