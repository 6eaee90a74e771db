import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import { startFakeComfy, type FakeComfyOptions } from '../../../test/helpers/fake-comfyui';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';

const { generator, track } = useRemoteGenerators();

const INK = { id: 'ink', name: 'Ink sketch', file: 'ink_sketch.safetensors' };
const GRAIN = { id: 'grain', name: 'Film grain', file: 'film_grain.safetensors' };

/** A catalog model offering both LoRAs, on a fake ComfyUI whose `loras` folder is as given. */
async function probeWith(options: FakeComfyOptions) {
  const comfy = await startFakeComfy('ok', options);
  track(() => comfy.close());
  const entry = catalogEntrySchema.parse({
    id: 'm',
    name: 'M',
    backend: 'comfyui',
    url: comfy.url,
    checkpoint: 'sd_turbo.safetensors',
    loras: [INK, GRAIN],
  });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(entry, { modelsDir: '/x' }, {});
  const engine = await generator(config);
  return { comfy, found: await engine.probe!({ timeoutMs: 2_000 }) };
}

/**
 * ComfyUI fails a job whose LoraLoader names a file it does not have, so the probe reads the
 * LoRA files it lists and names the catalog's missing ones: the model renders on without them.
 */
describe('probing a ComfyUI model with catalog LoRAs', () => {
  it('is ready when ComfyUI lists every LoRA file, also by an older server', async () => {
    for (const noObjectInfo of [false, true]) {
      const { found } = await probeWith({ loras: [INK.file, GRAIN.file], noObjectInfo });
      expect(found).toEqual({ state: 'ready', cause: null });
    }
  });

  it('reads the files in either of ComfyUI combo shapes', async () => {
    const { comfy, found } = await probeWith({ loras: [INK.file, GRAIN.file], combo: true });
    expect(found).toEqual({ state: 'ready', cause: null });
    expect(comfy.requests.map((request) => request.url)).toContain('/object_info/LoraLoader');
  });

  it('names the LoRA files ComfyUI lacks, and what it has, without withdrawing the model', async () => {
    for (const noObjectInfo of [false, true]) {
      const { found } = await probeWith({ loras: [GRAIN.file, 'other.safetensors'], noObjectInfo });
      expect(found).toEqual({
        state: 'failing',
        cause:
          'LoRA ink_sketch.safetensors not in /object_info/LoraLoader (it has: film_grain.safetensors, other.safetensors)',
        unavailableLoras: [INK.file],
      });
    }
  });

  it('names them all when ComfyUI has no LoRA files', async () => {
    const { found } = await probeWith({});
    expect(found).toMatchObject({
      state: 'failing',
      cause: expect.stringContaining('(it has: none)'),
      unavailableLoras: [INK.file, GRAIN.file],
    });
  });

  it('reports a missing checkpoint first: the model cannot render at all', async () => {
    const { found } = await probeWith({ checkpoints: ['sdxl.safetensors'] });
    expect(found).toMatchObject({ state: 'misconfigured' });
  });
});
