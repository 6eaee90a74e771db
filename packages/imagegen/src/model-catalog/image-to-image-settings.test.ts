import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from './image-gen-config-for-entry';
import { ModelCatalogError, parseModelCatalog } from './load-model-catalog';

function problemsOf(models: object[]): string[] {
  try {
    parseModelCatalog({ models });
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
const a1111 = { id: 'forge', name: 'Forge', backend: 'a1111', url: 'http://gpu.local:7860' };
const openai = {
  id: 'dalle',
  name: 'DALL·E 2',
  backend: 'openai',
  url: 'https://x',
  model: 'dall-e-2',
};

describe('the catalog’s image-to-image settings', () => {
  it('hands each backend its own: upscale model and workflows, upscaler, edits', () => {
    const catalog = parseModelCatalog({
      models: [
        {
          ...comfy,
          upscaleModel: '4x-UltraSharp.pth',
          workflows: { imageToImage: '/etc/nocturne/i2i.json', upscale: '/etc/nocturne/up.json' },
        },
        { ...a1111, upscaler: 'R-ESRGAN 4x+' },
        { ...openai, edits: true },
      ],
    });
    const [c, a, o] = catalog.models.map((entry) =>
      imageGenConfigForEntry(entry, { modelsDir: '/x' }, {}),
    );
    expect(c?.comfyui).toMatchObject({
      upscaleModel: '4x-UltraSharp.pth',
      workflows: { imageToImage: '/etc/nocturne/i2i.json', upscale: '/etc/nocturne/up.json' },
    });
    expect(a?.a1111?.upscaler).toBe('R-ESRGAN 4x+');
    expect(o?.openai?.edits).toBe(true);
  });

  it('leaves edits off unless the entry says so', () => {
    const [entry] = parseModelCatalog({ models: [openai] }).models;
    expect(imageGenConfigForEntry(entry!, { modelsDir: '/x' }, {}).openai?.edits).toBe(false);
  });

  it('names a setting given to a backend that does not read it, and a wrong type, by path', () => {
    expect(
      problemsOf([
        { ...a1111, upscaleModel: '4x-UltraSharp.pth', edits: true },
        { ...comfy, upscaler: 'Lanczos' },
      ]),
    ).toEqual([
      'models[0].upscaleModel: is only used by backend "comfyui", not "a1111"',
      'models[0].edits: is only used by backend "openai", not "a1111"',
      'models[1].upscaler: is only used by backend "a1111", not "comfyui"',
    ]);
    expect(
      problemsOf([
        { ...comfy, workflows: { img2img: 'x.json' } },
        { ...openai, edits: 'yes' },
      ]),
    ).toEqual([
      'models[0].workflows: Unrecognized key: "img2img"',
      'models[1].edits: Invalid input: expected boolean, received string',
    ]);
  });
});
