import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { UPSCALE_STRENGTH, VARIATION_STRENGTHS } from '../image-to-image';
import { readInstalledManifest } from '../models/model-store';
import { ensurePreviewModel } from '../preview/ensure-preview-model';
import type { GeneratedImage, GenerateRequest, GenerationPreview } from '../types';
import { halved, meanAbsDiff, rgbOf } from '../../test/helpers/image-distance';
import { makeTempDir } from '../../test/helpers/temp-dir';

const PROMPT = 'a red fox in a snowy birch forest';
let generator: ImageGenerator;
let source: GeneratedImage;
let modelsDir: string;

beforeAll(async () => {
  modelsDir = await makeTempDir();
  await ensurePreviewModel(modelsDir, 'fp32');
  // Every live-preview frame let through (an operator's LIVE_PREVIEW_SHARE=1): the preview
  // model's frames cost more than its steps, so the default share sends none.
  generator = await createImageGenerator({
    backend: 'onnx',
    modelsDir,
    model: 'preview',
    livePreviewShare: 1,
  });
  source = await generator.generate({ prompt: PROMPT, seed: 1, steps: 4, width: 256, height: 256 });
});
afterAll(() => generator.close());

const vary = (strength: number, extra: Partial<GenerateRequest> = {}) =>
  generator.generate({
    prompt: PROMPT,
    seed: 7,
    steps: 4,
    init: { png: source.png, strength },
    ...extra,
  });

async function distance(a: Buffer, b: Buffer): Promise<number> {
  return meanAbsDiff((await rgbOf(a)).data, (await rgbOf(b)).data);
}

describe('image-to-image on the preview model', () => {
  it('varies the source at its size, closer to it at lower strength, strength reported', async () => {
    const subtle = await vary(VARIATION_STRENGTHS.subtle);
    const strong = await vary(VARIATION_STRENGTHS.strong);
    expect([subtle.width, subtle.height, subtle.aspectRatio]).toEqual([256, 256, '1:1']);
    expect(subtle.strength).toBe(VARIATION_STRENGTHS.subtle);
    expect(subtle.upscale).toBeUndefined();
    const unrelated = await generator.generate({
      prompt: PROMPT,
      seed: 7,
      steps: 4,
      width: 256,
      height: 256,
    });
    const near = await distance(subtle.png, source.png);
    const far = await distance(strong.png, source.png);
    expect(near).toBeGreaterThan(1);
    expect(far).toBeGreaterThan(near + 2);
    expect(await distance(unrelated.png, source.png)).toBeGreaterThan(far);
  });

  it('at strength 1 is (almost) the text-to-image of the same seed, far from the source', async () => {
    const full = await vary(1);
    const fresh = await generator.generate({
      prompt: PROMPT,
      seed: 7,
      steps: 4,
      width: 256,
      height: 256,
    });
    const toFresh = await distance(full.png, fresh.png);
    expect(toFresh).toBeLessThan(3);
    expect(await distance(full.png, source.png)).toBeGreaterThan(toFresh * 5);
  });

  it('gives the same bytes for the same seed and other bytes for another seed', async () => {
    const a = await vary(0.5);
    const b = await vary(0.5);
    const c = await vary(0.5, { seed: 8 });
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
  });

  it('upscales ×2 to exactly twice the width and height, staying the source', async () => {
    const wide = await generator.generate({
      prompt: PROMPT,
      seed: 3,
      steps: 2,
      width: 256,
      height: 128,
    });
    const up = await generator.generate({
      prompt: PROMPT,
      seed: 9,
      steps: 4,
      init: { png: wide.png, strength: UPSCALE_STRENGTH },
      upscale: 2,
    });
    expect([up.width, up.height, up.aspectRatio, up.upscale]).toEqual([512, 256, '2:1', 2]);
    const other = await generator.generate({
      prompt: 'a blue whale',
      seed: 4,
      steps: 2,
      width: 256,
      height: 128,
    });
    const shrunk = await halved(up.png);
    const toSource = meanAbsDiff(shrunk, (await rgbOf(wide.png)).data);
    const toOther = meanAbsDiff(shrunk, (await rgbOf(other.png)).data);
    expect(toSource).toBeLessThan(toOther * 0.8);
  });
});

describe('image-to-image on the fp16 preview build', () => {
  it('feeds its float16 encoder and lands close to the fp32 build', async () => {
    const dir = await makeTempDir();
    await ensurePreviewModel(dir, 'fp16');
    const half = await createImageGenerator({
      backend: 'onnx',
      modelsDir: dir,
      model: 'preview-fp16',
    });
    try {
      const request = {
        prompt: PROMPT,
        seed: 7,
        steps: 4,
        init: { png: source.png, strength: 0.5 },
      };
      const [a, b] = [await half.generate(request), await generator.generate(request)];
      expect([a.width, a.height]).toEqual([256, 256]);
      expect(await distance(a.png, b.png)).toBeLessThan(2);
    } finally {
      await half.close();
    }
  });
});

describe('a source the pipeline cannot use', () => {
  it('refuses a PNG whose header is fine but whose pixels are broken, as an invalid request', async () => {
    const broken = Buffer.from(source.png);
    const idat = broken.indexOf('IDAT');
    broken.fill(0x55, idat + 4, idat + 64);
    const refused = await vary(0.5, { init: { png: broken, strength: 0.5 } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ kind: 'invalid_request' });
    expect((refused as Error).message).toMatch(/^init\.png could not be decoded/);
  });
});

describe('the preview model install', () => {
  it('rebuilds a preview model from before the image encoder, which then has one', async () => {
    const dir = await makeTempDir();
    await ensurePreviewModel(dir, 'fp32');
    const path = join(dir, 'preview', 'manifest.json');
    const old = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    await writeFile(path, JSON.stringify({ ...old, source: 'preview-v1', components: {} }));
    await ensurePreviewModel(dir, 'fp32');
    const rebuilt = await readInstalledManifest(dir, 'preview');
    expect(rebuilt?.components.encoder).toBe('vae_encoder/model.onnx');
  });
});

describe('live preview on the preview model', () => {
  it('sends steps − 1 previews of at most 256 px, and the final image does not change', async () => {
    const previews: GenerationPreview[] = [];
    const request = { prompt: PROMPT, seed: 5, steps: 4, width: 512, height: 384 };
    const shown = await generator.generate(request, { onPreview: (p) => previews.push(p) });
    expect(previews.map((p) => [p.step, p.steps])).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    for (const { image } of previews) {
      expect([image.width, image.height, image.data.length]).toEqual([256, 192, 256 * 192 * 3]);
    }
    // Each preview is the forming image: later ones move towards the final one.
    const final = await halved(shown.png);
    const gaps = previews.map((p) => meanAbsDiff(p.image.data, final));
    expect(gaps[2]).toBeLessThan(gaps[0] as number);
    const plain = await generator.generate(request);
    expect(plain.png.equals(shown.png)).toBe(true);
  });

  it('decodes no preview without the callback: one decoder run per image', async () => {
    // Every session is an instance of onnxruntime's InferenceSession class (typed as a factory).
    const sessions = ort.InferenceSession as unknown as { prototype: ort.InferenceSession };
    const runs = vi.spyOn(sessions.prototype, 'run');
    try {
      const request = { prompt: 'a prompt of its own', seed: 6, steps: 4, width: 128, height: 128 };
      await generator.generate(request);
      // Text encoder once, UNet once a step, decoder once.
      expect(runs).toHaveBeenCalledTimes(1 + 4 + 1);
      runs.mockClear();
      // The same prompt again: its encoding is remembered; a preview decode per step but the last.
      await generator.generate(request, { onPreview: () => undefined });
      expect(runs).toHaveBeenCalledTimes(4 + 1 + 3);
    } finally {
      runs.mockRestore();
    }
  });

  it('sends no frame at the default share, where a frame costs more than the steps', async () => {
    const budgeted = await createImageGenerator({ backend: 'onnx', modelsDir, model: 'preview' });
    try {
      await budgeted.warmup();
      const previews: GenerationPreview[] = [];
      const request = { prompt: PROMPT, seed: 5, steps: 4, width: 512, height: 384 };
      await budgeted.generate(request, { onPreview: (p) => previews.push(p) });
      expect(previews).toEqual([]);
    } finally {
      await budgeted.close();
    }
  });

  it('counts only the steps an image-to-image run denoises, and sends none for one step', async () => {
    const previews: GenerationPreview[] = [];
    await generator.generate(
      { prompt: PROMPT, seed: 7, steps: 4, init: { png: source.png, strength: 0.7 } },
      { onPreview: (p) => previews.push(p) },
    );
    expect(previews.map((p) => [p.step, p.steps])).toEqual([
      [1, 3],
      [2, 3],
    ]);
    previews.length = 0;
    await generator.generate({ prompt: PROMPT, steps: 1 }, { onPreview: (p) => previews.push(p) });
    expect(previews).toEqual([]);
  });
});
