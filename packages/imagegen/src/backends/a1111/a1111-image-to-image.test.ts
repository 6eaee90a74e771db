import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import type { GenerationPreview } from '../../types';
import {
  fakeCheckpoint,
  startFakeA1111,
  type FakeA1111Options,
} from '../../../test/helpers/fake-a1111';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { samplePng } from '../../../test/helpers/sample-png';

const { generator, track } = useRemoteGenerators();

async function a1111(options?: FakeA1111Options) {
  const server = await startFakeA1111(options);
  track(() => server.close());
  return server;
}

/** An engine opened the way the server opens a catalog model. */
async function engineFor(entry: Record<string, unknown>) {
  const parsed = catalogEntrySchema.parse({ id: 'm', name: 'M', backend: 'a1111', ...entry });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(parsed, { modelsDir: '/x' }, {});
  return generator({ ...config, a1111: { ...config.a1111!, progressIntervalMs: 20 } });
}

const DREAMSHAPER = fakeCheckpoint('dreamshaper_8.safetensors', '879db523c3');

const sizeOf = async (png: Buffer) => {
  const { width, height } = await sharp(png).metadata();
  return { width, height };
};

describe('image-to-image and upscaling on AUTOMATIC1111', () => {
  it('sends img2img with init_images, denoising_strength and the same per-model settings as txt2img', async () => {
    const server = await a1111({ checkpoints: [DREAMSHAPER] });
    const g = await engineFor({
      url: server.url,
      checkpoint: 'dreamshaper_8.safetensors',
      quality: { balanced: { steps: 25, cfg: 6, sampler: 'DPM++ 2M', scheduler: 'Karras' } },
    });
    const source = await samplePng(128, 64);
    const out = await g.generate({
      prompt: 'castle',
      seed: 5,
      init: { png: source, strength: 0.35 },
    });
    expect(server.txt2img).toHaveLength(0);
    expect(server.img2img[0]).toMatchObject({
      prompt: 'castle',
      seed: 5,
      width: 128,
      height: 64,
      steps: 25,
      cfg_scale: 6,
      sampler_name: 'DPM++ 2M',
      scheduler: 'Karras',
      denoising_strength: 0.35,
      resize_mode: 0,
      init_images: [source.toString('base64')],
      override_settings: { sd_model_checkpoint: 'dreamshaper_8.safetensors' },
    });
    expect(server.renderedWith).toEqual([DREAMSHAPER.title]);
    expect(out).toMatchObject({ width: 128, height: 64, strength: 0.35 });
    expect(await sizeOf(out.png)).toEqual({ width: 128, height: 64 });
  });

  it('upscales with the catalog’s upscaler through extra-single-image to exactly the factor', async () => {
    const server = await a1111();
    const g = await engineFor({ url: server.url, upscaler: 'R-ESRGAN 4x+' });
    const source = await samplePng(64, 128);
    const out = await g.generate({
      prompt: 'castle',
      init: { png: source, strength: 0.3 },
      upscale: 4,
    });
    expect(server.extras[0]).toMatchObject({
      image: source.toString('base64'),
      upscaler_1: 'R-ESRGAN 4x+',
      resize_mode: 0,
      upscaling_resize: 4,
    });
    expect(server.img2img).toHaveLength(0);
    expect(await sizeOf(out.png)).toEqual({ width: 256, height: 512 });
    // An upscaler does not sample: the seed and quality play no part.
    expect(out.ignoredOptions).toEqual(['seed', 'quality']);
  });

  it('names an upscaler the server does not list, before sending anything to upscale', async () => {
    const server = await a1111({ upscalers: ['None', 'Lanczos'] });
    const g = await engineFor({ url: server.url, upscaler: 'R-ESRGAN 4x+' });
    const failed = g.generate({
      prompt: 'castle',
      init: { png: await samplePng(64, 64), strength: 0.3 },
      upscale: 2,
    });
    await expect(failed).rejects.toMatchObject({ kind: 'misconfigured' });
    await expect(failed).rejects.toThrow(
      /no upscaler "R-ESRGAN 4x\+"; it offers: "None", "Lanczos"/,
    );
    expect(server.extras).toHaveLength(0);
  });

  it('without an upscaler, upscales by img2img at the larger size and the request’s low strength', async () => {
    const server = await a1111();
    const g = await engineFor({ url: server.url });
    const source = await samplePng(64, 64);
    const out = await g.generate({
      prompt: 'castle',
      init: { png: source, strength: 0.3 },
      upscale: 2,
    });
    expect(server.extras).toHaveLength(0);
    expect(server.img2img[0]).toMatchObject({ width: 128, height: 128, denoising_strength: 0.3 });
    expect(await sizeOf(out.png)).toEqual({ width: 128, height: 128 });
  });

  it('delivers the live previews /internal/progress hands out for our task, decoded to RGB', async () => {
    for (const livePreviews of ['png', 'jpeg', 'webp'] as const) {
      const server = await a1111({ livePreviews });
      const g = await engineFor({ url: server.url });
      const previews: GenerationPreview[] = [];
      await g.generate(
        { prompt: 'castle', steps: 20, init: { png: await samplePng(64, 64), strength: 0.5 } },
        { onPreview: (preview) => previews.push(preview) },
      );
      // One preview (the fake's id 1 is then known): half of int(0.5 × 20) = 10 steps.
      expect(previews).toHaveLength(1);
      expect(previews[0]).toMatchObject({ step: 5, steps: 10 });
      expect(previews[0]?.image).toMatchObject({ width: 48, height: 32 });
      expect(previews[0]?.image.data).toHaveLength(48 * 32 * 3);
      // Asked for previews from the first poll on; once one is in, only for a newer one.
      const asked = server.requests
        .filter((r) => r.url === '/internal/progress')
        .map((r) => JSON.parse(r.body) as { live_preview: boolean; id_live_preview: number });
      expect(asked[0]).toMatchObject({ live_preview: true, id_live_preview: -1 });
      expect(asked.slice(1).every((body) => body.id_live_preview === 1)).toBe(true);
    }
  });
});
