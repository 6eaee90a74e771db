import { describe, expect, it } from 'vitest';
import { createA1111Backend } from './a1111/a1111-backend';
import { createComfyUiBackend } from './comfyui/comfyui-backend';
import { createOpenAiBackend } from './openai/openai-backend';
import { imageGenConfigForEntry } from '../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../model-catalog/model-catalog-schema';
import { remoteCapabilitiesForEntry } from '../model-catalog/remote-capabilities-for-entry';
import { selectBackend } from '../select-backend';

const url = 'http://127.0.0.1:9';

/** The backend a catalog entry opens, without contacting its server. */
async function backendFor(entry: Record<string, unknown>) {
  const parsed = catalogEntrySchema.parse({ id: 'm', name: 'M', url, ...entry });
  return selectBackend(imageGenConfigForEntry(parsed, { modelsDir: '/x' }, {}));
}

describe('what each GPU-server backend declares it can do', () => {
  it('ComfyUI: image-to-image, ×2 and ×4, live preview and inpainting', () => {
    expect(createComfyUiBackend({ url }).capabilities).toEqual({
      imageToImage: true,
      upscaleFactors: [2, 4],
      livePreview: true,
      inpaint: true,
    });
  });

  it('A1111: image-to-image, ×2 and ×4, live preview and inpainting', () => {
    expect(createA1111Backend({ url }).capabilities).toEqual({
      imageToImage: true,
      upscaleFactors: [2, 4],
      livePreview: true,
      inpaint: true,
    });
  });

  it('OpenAI-compatible: image-to-image and inpainting only for an entry with edits: true, never an upscale', async () => {
    const plain = await backendFor({ backend: 'openai', model: 'dall-e-3' });
    const edits = await backendFor({ backend: 'openai', model: 'gpt-image-1', edits: true });
    expect(plain.capabilities).toEqual({
      imageToImage: false,
      upscaleFactors: [],
      livePreview: false,
      inpaint: false,
    });
    expect(edits.capabilities).toEqual({
      imageToImage: true,
      upscaleFactors: [],
      livePreview: false,
      inpaint: true,
    });
    expect(createOpenAiBackend({ url, model: 'dall-e-2' }).capabilities.imageToImage).toBe(false);
  });

  it('are known from the catalog entry alone, the same as the opened backend declares', async () => {
    const entries = [
      { backend: 'comfyui', checkpoint: 'sdxl.safetensors' },
      { backend: 'a1111' },
      { backend: 'openai', model: 'gpt-image-1', edits: true },
      { backend: 'openai', model: 'dall-e-3' },
    ];
    for (const fields of entries) {
      const entry = catalogEntrySchema.parse({ id: 'm', name: 'M', url, ...fields });
      const opened = await backendFor(fields);
      expect(remoteCapabilitiesForEntry(entry)).toEqual(opened.capabilities);
    }
    const onnx = catalogEntrySchema.parse({
      id: 'm',
      name: 'M',
      backend: 'onnx',
      model: 'sd-turbo',
    });
    expect(remoteCapabilitiesForEntry(onnx)).toBeUndefined();
  });
});
