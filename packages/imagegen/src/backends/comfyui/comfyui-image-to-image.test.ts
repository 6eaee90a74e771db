import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import type { GenerationPreview } from '../../types';
import {
  startFakeComfy,
  type ComfyMode,
  type FakeComfyOptions,
} from '../../../test/helpers/fake-comfyui';
import { startServer } from '../../../test/helpers/http-server';
import { encodeMultipart } from '../multipart';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { samplePng } from '../../../test/helpers/sample-png';
import { makeTempDir } from '../../../test/helpers/temp-dir';

const { generator, track } = useRemoteGenerators();

async function comfy(mode: ComfyMode = 'ok', options?: FakeComfyOptions) {
  const server = await startFakeComfy(mode, options);
  track(() => server.close());
  return server;
}

/** An engine opened the way the server opens a catalog model. */
async function engineFor(url: string, entry: Record<string, unknown> = {}) {
  const parsed = catalogEntrySchema.parse({
    id: 'm',
    name: 'M',
    backend: 'comfyui',
    url,
    checkpoint: 'sd_turbo.safetensors',
    ...entry,
  });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(parsed, { modelsDir: '/x' }, {});
  return generator(config);
}

const classes = (workflow: Record<string, { class_type?: string }> | undefined) =>
  Object.values(workflow ?? {})
    .map((node) => node.class_type)
    .sort();

const sizeOf = async (png: Buffer) => {
  const { width, height } = await sharp(png).metadata();
  return { width, height };
};

describe('image-to-image and upscaling on ComfyUI', () => {
  it('refuses a workflow whose LoadImage names a file never uploaded (value_not_in_list)', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'img2img.json');
    const own = {
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '$checkpoint' } },
      '2': { class_type: 'LoadImage', inputs: { image: 'photo.png' } },
      '3': { class_type: 'SaveImage', inputs: { images: ['2', 0] } },
    };
    await writeFile(path, JSON.stringify(own));
    const server = await comfy();
    const g = await engineFor(server.url, { workflows: { imageToImage: path } });
    const failed = g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 64), strength: 0.5 },
    });
    await expect(failed).rejects.toThrow(
      /node 2 \(LoadImage\) image "photo.png" is not one it has/,
    );
  });

  it('uploads the source, then LoadImage → VAEEncode → KSampler with denoise = strength and the seed', async () => {
    const server = await comfy();
    const g = await engineFor(server.url);
    const source = await samplePng(128, 64);
    const out = await g.generate({ prompt: 'owl', seed: 9, init: { png: source, strength: 0.35 } });
    const upload = server.requests.find((r) => r.url === '/upload/image');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const [name, stored] = [...server.uploads][0] ?? [];
    expect(name).toMatch(/^nocturne-[0-9a-f-]{36}\.png$/);
    expect(stored?.equals(source)).toBe(true);
    const workflow = server.workflows[0];
    expect(classes(workflow)).toEqual(
      ['CLIPTextEncode', 'CLIPTextEncode', 'CheckpointLoaderSimple', 'KSampler', 'LoadImage']
        .concat(['SaveImage', 'VAEDecode', 'VAEEncode'])
        .sort(),
    );
    expect(workflow?.['10']?.inputs).toEqual({ image: name });
    expect(workflow?.['3']?.inputs).toMatchObject({
      denoise: 0.35,
      seed: 9,
      latent_image: ['11', 0],
    });
    expect(out).toMatchObject({ width: 128, height: 64, strength: 0.35, seed: 9 });
    // The graph's size comes from the source: no option went unused.
    expect(out.ignoredOptions).toEqual([]);
    expect(await sizeOf(out.png)).toEqual({ width: 128, height: 64 });
  });

  it('upscales ×2 through the latent (LatentUpscaleBy, then a low-denoise KSampler) to exactly twice the size', async () => {
    const server = await comfy();
    const g = await engineFor(server.url);
    const out = await g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 128), strength: 0.3 },
      upscale: 2,
    });
    const workflow = server.workflows[0];
    const upscale = Object.values(workflow ?? {}).find((n) => n.class_type === 'LatentUpscaleBy');
    expect(upscale?.inputs).toMatchObject({ scale_by: 2, samples: ['11', 0] });
    expect(workflow?.['3']?.inputs).toMatchObject({ denoise: 0.3, latent_image: ['12', 0] });
    expect(await sizeOf(out.png)).toEqual({ width: 128, height: 256 });
  });

  it('upscales with the catalog’s upscale model, scaled to exactly the factor (×4 model, ×2 asked)', async () => {
    const server = await comfy();
    const g = await engineFor(server.url, { upscaleModel: '4x-UltraSharp.pth' });
    const out = await g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 64), strength: 0.3 },
      upscale: 2,
    });
    const workflow = server.workflows[0] ?? {};
    const byClass = (name: string) => Object.values(workflow).find((n) => n.class_type === name);
    expect(byClass('UpscaleModelLoader')?.inputs).toEqual({ model_name: '4x-UltraSharp.pth' });
    expect(byClass('ImageScale')?.inputs).toMatchObject({ width: 128, height: 128 });
    expect(byClass('LatentUpscaleBy')).toBeUndefined();
    expect(await sizeOf(out.png)).toEqual({ width: 128, height: 128 });
  });

  it('names an upscale model ComfyUI lacks, with what it offers', async () => {
    const server = await comfy('ok', { upscaleModels: ['RealESRGAN_x4plus.pth'] });
    const g = await engineFor(server.url, { upscaleModel: '4x-UltraSharp.pth' });
    const failed = g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 64), strength: 0.3 },
      upscale: 2,
    });
    await expect(failed).rejects.toMatchObject({ kind: 'misconfigured' });
    await expect(failed).rejects.toThrow(
      /model_name "4x-UltraSharp.pth" is not one it has; it offers: "RealESRGAN_x4plus.pth"/,
    );
  });

  it('fills an operator’s own image-to-image workflow from the catalog with the same placeholders', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'img2img.json');
    const own = {
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '$checkpoint' } },
      '2': { class_type: 'LoadImage', inputs: { image: '$init_image' } },
      '3': { class_type: 'VAEEncode', inputs: { pixels: ['2', 0], vae: ['1', 2] } },
      '4': {
        class_type: 'KSampler',
        inputs: { seed: '$seed', denoise: '$denoise', latent_image: ['3', 0], steps: '$steps' },
      },
      '5': { class_type: 'VAEDecode', inputs: { samples: ['4', 0], vae: ['1', 2] } },
      '6': { class_type: 'SaveImage', inputs: { images: ['5', 0] } },
    };
    await writeFile(path, JSON.stringify(own));
    const server = await comfy();
    const g = await engineFor(server.url, { workflows: { imageToImage: path } });
    const out = await g.generate({
      prompt: 'owl',
      seed: 4,
      init: { png: await samplePng(64, 64), strength: 0.7 },
    });
    expect(server.workflows[0]?.['4']?.inputs).toMatchObject({ seed: 4, denoise: 0.7 });
    expect(server.workflows[0]?.['2']?.inputs.image).toBe([...server.uploads.keys()][0]);
    expect(await sizeOf(out.png)).toEqual({ width: 64, height: 64 });
  });

  it('delivers ComfyUI’s binary preview frames (JPEG and PNG) as RGB pixels with the sampler’s step', async () => {
    for (const previewFormat of ['jpeg', 'png'] as const) {
      const server = await comfy('ok', { previewFormat });
      const g = await engineFor(server.url);
      const previews: GenerationPreview[] = [];
      const order: string[] = [];
      await g.generate(
        { prompt: 'owl', init: { png: await samplePng(64, 64), strength: 0.5 } },
        {
          onPreview: (preview) => order.push('preview') && previews.push(preview),
          onProgress: ({ stage }) => order.push(stage),
        },
      );
      expect(previews).toHaveLength(1);
      // The frame sent just before the prompt finished is delivered before the result is encoded.
      expect(order.indexOf('preview')).toBeLessThan(order.indexOf('encode_png'));
      const [preview] = previews;
      expect(preview).toMatchObject({ step: 1, steps: 2 });
      expect(preview?.image).toMatchObject({ width: 32, height: 32 });
      expect(preview?.image.data).toHaveLength(32 * 32 * 3);
      // The fake's preview colour (10, 120, 200), within JPEG's rounding.
      const [r, gr, b] = preview?.image.data ?? [];
      expect(
        Math.abs((r ?? 0) - 10) + Math.abs((gr ?? 0) - 120) + Math.abs((b ?? 0) - 200),
      ).toBeLessThan(12);
    }
  });

  it('cancels during image-to-image: the prompt is interrupted and the generation rejects', async () => {
    const server = await comfy('never');
    const g = await engineFor(server.url);
    const controller = new AbortController();
    const running = g.generate(
      { prompt: 'owl', init: { png: await samplePng(64, 64), strength: 0.5 } },
      { signal: controller.signal },
    );
    await expect.poll(() => [...server.prompts.values()]).toEqual(['running']);
    controller.abort();
    await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
    await expect.poll(() => server.interrupts).toHaveLength(1);
  });

  it('stops before queueing anything when ComfyUI refuses the upload (no `image` part: a 400)', async () => {
    const server = await comfy();
    const empty = encodeMultipart({ type: 'input' });
    const refused = await fetch(`${server.url}/upload/image`, {
      method: 'POST',
      headers: { 'content-type': empty.contentType },
      body: new Uint8Array(empty.body),
    });
    expect(refused.status).toBe(400);
    const refusing = await startServer((_req, res) => res.writeHead(400).end());
    track(() => refusing.close());
    const g = await engineFor(refusing.url);
    const failed = g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 64), strength: 0.5 },
    });
    await expect(failed).rejects.toMatchObject({ kind: 'bad_response' });
    expect(refusing.requests.map((r) => r.url)).toEqual(['/upload/image']);
  });

  it('loads, in its image graphs, the checkpoint an operator’s text-to-image workflow writes itself', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'txt2img.json');
    const own = {
      '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'flux_dev.safetensors' } },
      '9': { class_type: 'SaveImage', inputs: { images: ['4', 0] } },
    };
    await writeFile(path, JSON.stringify(own));
    const server = await comfy('ok', { checkpoints: ['flux_dev.safetensors'] });
    const g = await engineFor(server.url, { workflow: path, checkpoint: 'sd_turbo.safetensors' });
    await g.generate({ prompt: 'owl', init: { png: await samplePng(64, 64), strength: 0.5 } });
    expect(server.workflows[0]?.['4']?.inputs.ckpt_name).toBe('flux_dev.safetensors');
  });
});
