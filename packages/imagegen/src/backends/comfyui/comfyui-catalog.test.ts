import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import {
  startFakeComfy,
  type ComfyMode,
  type FakeComfyOptions,
} from '../../../test/helpers/fake-comfyui';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { makeTempDir } from '../../../test/helpers/temp-dir';

const { generator, track } = useRemoteGenerators();

async function comfy(mode: ComfyMode = 'ok', options?: FakeComfyOptions) {
  const server = await startFakeComfy(mode, options);
  track(() => server.close());
  return server;
}

/** An engine opened the way the server opens a catalog model. */
async function engineFor(entry: Record<string, unknown>) {
  const parsed = catalogEntrySchema.parse({ id: 'm', name: 'M', backend: 'comfyui', ...entry });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(parsed, { modelsDir: '/x' }, {});
  return generator(config);
}

describe('a ComfyUI model from the catalog', () => {
  it('fills checkpoint, steps, cfg, sampler and scheduler per quality and the native size', async () => {
    const server = await comfy('ok', { checkpoints: ['dreamshaper_8.safetensors'] });
    const g = await engineFor({
      url: server.url,
      checkpoint: 'dreamshaper_8.safetensors',
      nativeSize: { width: 768, height: 768 },
      quality: {
        fast: { steps: 10, cfg: 5, sampler: 'dpmpp_2m', scheduler: 'karras' },
        best: { steps: 40, cfg: 8, sampler: 'euler', scheduler: 'normal' },
      },
    });
    const fast = await g.generate({ prompt: 'owl', negativePrompt: 'fog', quality: 'fast' });
    await g.generate({ prompt: 'owl', quality: 'best', aspectRatio: '16:9' });
    const [first, second] = server.workflows;
    expect(first?.['4']?.inputs.ckpt_name).toBe('dreamshaper_8.safetensors');
    expect(first?.['3']?.inputs).toMatchObject({
      steps: 10,
      cfg: 5,
      sampler_name: 'dpmpp_2m',
      scheduler: 'karras',
    });
    expect(first?.['5']?.inputs).toMatchObject({ width: 768, height: 768 });
    expect(second?.['3']?.inputs).toMatchObject({ steps: 40, cfg: 8, sampler_name: 'euler' });
    expect(second?.['5']?.inputs).toMatchObject({ width: 1024, height: 576 });
    // cfg 5 uses the negative prompt.
    expect(fast).toMatchObject({ model: 'dreamshaper_8.safetensors', ignoredOptions: [] });
  });

  it('reports the negative prompt ignored when the model samples without guidance (cfg ≤ 1)', async () => {
    const server = await comfy('ok', { checkpoints: ['sdxl_lightning_4step.safetensors'] });
    const g = await engineFor({ url: server.url, checkpoint: 'sdxl_lightning_4step.safetensors' });
    const out = await g.generate({ prompt: 'owl', negativePrompt: 'fog' });
    expect(server.workflows[0]?.['3']?.inputs).toMatchObject({ steps: 6, cfg: 1 });
    expect(server.workflows[0]?.['5']?.inputs).toMatchObject({ width: 1024, height: 1024 });
    expect(out.ignoredOptions).toEqual(['negative_prompt']);
  });

  it('an unknown checkpoint is an error naming it and the checkpoints ComfyUI offers', async () => {
    const server = await comfy('ok', { checkpoints: ['a.safetensors', 'b.ckpt'] });
    const g = await engineFor({ url: server.url, checkpoint: 'sd_xl_base_1.0.safetensors' });
    await expect(g.generate({ prompt: 'owl' })).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringMatching(
        /node 4 \(CheckpointLoaderSimple\) ckpt_name "sd_xl_base_1\.0\.safetensors" is not one it has; it offers: "a\.safetensors", "b\.ckpt".*models -- discover/,
      ),
    });
    const combo = await comfy('ok', { checkpoints: ['a.safetensors'], combo: true });
    const g3 = await engineFor({ url: combo.url, checkpoint: 'b.safetensors' });
    await expect(g3.generate({ prompt: 'owl' })).rejects.toMatchObject({
      message: expect.stringContaining(
        '"b.safetensors" is not one it has; it offers: "a.safetensors".',
      ),
    });
    const many = await comfy('ok', { checkpoints: [...Array(25).keys()].map((i) => `c${i}`) });
    const g2 = await engineFor({ url: many.url, checkpoint: 'missing.safetensors' });
    await expect(g2.generate({ prompt: 'owl' })).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringContaining(
        '"missing.safetensors" is not one it has; it offers: (list of length 25)',
      ),
    });
  });

  it('a custom workflow without $checkpoint keeps its own, and is named by it', async () => {
    const server = await comfy('ok', { checkpoints: ['own.safetensors'] });
    const dir = await makeTempDir();
    const path = join(dir, 'flow.json');
    await writeFile(
      path,
      JSON.stringify({
        '3': { class_type: 'KSampler', inputs: { seed: '$seed', cfg: '$cfg', steps: '$steps' } },
        '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'own.safetensors' } },
        '5': { class_type: 'EmptyLatentImage', inputs: { width: '$width', height: '$height' } },
      }),
    );
    const g = await engineFor({ url: server.url, checkpoint: 'other.safetensors', workflow: path });
    const out = await g.generate({ prompt: 'owl', quality: 'balanced' });
    expect(server.workflows[0]?.['4']?.inputs.ckpt_name).toBe('own.safetensors');
    expect(server.workflows[0]?.['3']?.inputs).toMatchObject({ cfg: 7, steps: 20 });
    expect(out.model).toBe('own.safetensors');
  });

  it('execution_interrupted (cancelled in ComfyUI itself) ends the job as cancelled, at once', async () => {
    const server = await comfy('interrupted');
    const g = await engineFor({ url: server.url, checkpoint: 'sd_turbo.safetensors' });
    const started = Date.now();
    await expect(g.generate({ prompt: 'owl' })).rejects.toMatchObject({
      kind: 'cancelled',
      message: expect.stringContaining('cancelled on the ComfyUI server'),
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
