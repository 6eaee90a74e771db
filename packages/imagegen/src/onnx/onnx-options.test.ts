import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { ensurePreviewModel } from '../preview/ensure-preview-model';
import { makeTempDir } from '../../test/helpers/temp-dir';

let g: ImageGenerator;

beforeAll(async () => {
  const modelsDir = await makeTempDir();
  await ensurePreviewModel(modelsDir);
  g = await createImageGenerator({ backend: 'onnx', modelsDir, model: 'preview' });
});

afterAll(() => g.close());

describe('options on the preview model', () => {
  const request = {
    prompt: 'a lighthouse at dusk',
    negativePrompt: 'blurry, text',
    aspectRatio: '16:9',
    quality: 'best' as const,
    seed: 4242,
  };

  it('gives byte-identical PNGs for the same prompt, negative prompt, size, steps and seed', async () => {
    const a = await g.generate(request);
    const b = await g.generate(request);
    const explicit = await g.generate({
      prompt: request.prompt,
      negativePrompt: request.negativePrompt,
      width: 704,
      height: 384,
      steps: 4,
      seed: request.seed,
    });
    expect(a).toMatchObject({
      width: 704,
      height: 384,
      steps: 4,
      seed: 4242,
      aspectRatio: '16:9',
      quality: 'best',
      // Turbo models run without guidance: the negative prompt cannot steer them, and we say so.
      ignoredOptions: ['negative_prompt'],
    });
    expect(b.png.equals(a.png)).toBe(true);
    expect(explicit.png.equals(a.png)).toBe(true);
    expect(await sharp(a.png).metadata()).toMatchObject({ width: 704, height: 384 });
  });

  it('gives different bytes for another seed or another quality', async () => {
    const a = await g.generate(request);
    const otherSeed = await g.generate({ ...request, seed: 4243 });
    const fast = await g.generate({ ...request, quality: 'fast' });
    expect(otherSeed.png.equals(a.png)).toBe(false);
    expect(fast).toMatchObject({ steps: 1, quality: 'fast' });
    expect(fast.png.equals(a.png)).toBe(false);
  });

  it('reports nothing ignored without a negative prompt, and the ratio for a portrait', async () => {
    const out = await g.generate({ prompt: 'owl', aspectRatio: '2:3', seed: 1, quality: 'fast' });
    expect(out).toMatchObject({ width: 384, height: 576, aspectRatio: '2:3', ignoredOptions: [] });
  });
});
