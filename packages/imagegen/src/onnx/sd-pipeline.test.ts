import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREVIEW_NOTICE } from '../config';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { readSessionPorts } from './session-io';
import { readTextChunks } from '../png/png-chunks';
import { ensurePreviewModel } from '../preview/ensure-preview-model';
import type { GenerationProgress } from '../types';
import { makeTempDir } from '../../test/helpers/temp-dir';

let modelsDir: string;
const generators: ImageGenerator[] = [];

async function generator(
  model: string,
  extra: { timeoutMs?: number; maxConcurrency?: number } = {},
) {
  const g = await createImageGenerator({ backend: 'onnx', modelsDir, model, ...extra });
  generators.push(g);
  return g;
}

async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png).raw().toBuffer();
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

beforeAll(async () => {
  modelsDir = await makeTempDir();
  await ensurePreviewModel(modelsDir, 'fp32');
  await ensurePreviewModel(modelsDir, 'fp16');
});

afterAll(async () => {
  await Promise.all(generators.map((g) => g.close()));
});

describe('ONNX pipeline on the preview model', () => {
  it('declares the same tensor names as a diffusers SD export, fp16 types in the fp16 build', async () => {
    const unet = await ort.InferenceSession.create(join(modelsDir, 'preview-fp16/unet/model.onnx'));
    const ports = readSessionPorts(unet);
    expect(ports.inputs.map((p) => [p.name, p.type])).toEqual([
      ['sample', 'float16'],
      ['timestep', 'float16'],
      ['encoder_hidden_states', 'float16'],
    ]);
    expect(ports.outputs.map((p) => p.name)).toEqual(['out_sample']);
    const encoder = readSessionPorts(
      await ort.InferenceSession.create(join(modelsDir, 'preview/text_encoder/model.onnx')),
    );
    expect(encoder.inputs[0]).toMatchObject({ name: 'input_ids', type: 'int32' });
    expect(encoder.outputs.map((p) => p.name)).toContain('last_hidden_state');
    await unet.release();
  });

  it('gives the same image for the same prompt and seed, another for another prompt or seed', async () => {
    const g = await generator('preview');
    const a = await g.generate({ prompt: 'a photo of a cat', seed: 1234 });
    const again = await g.generate({ prompt: 'a photo of a cat', seed: 1234 });
    const otherPrompt = await g.generate({ prompt: 'neon city at night', seed: 1234 });
    const otherSeed = await g.generate({ prompt: 'a photo of a cat', seed: 1235 });
    expect(a).toMatchObject({
      width: 512,
      height: 512,
      seed: 1234,
      steps: 2,
      quality: 'balanced',
      aspectRatio: '1:1',
      ignoredOptions: [],
      backend: 'onnx',
      model: 'preview',
    });
    expect(again.png.equals(a.png)).toBe(true);
    expect(meanAbsDiff(await pixels(a.png), await pixels(otherPrompt.png))).toBeGreaterThan(5);
    expect(meanAbsDiff(await pixels(a.png), await pixels(otherSeed.png))).toBeGreaterThan(5);
    expect(readTextChunks(a.png).Software).toBe('Nocturne (onnx: preview)');
    for (const stage of ['tokenize', 'encode', 'denoise', 'decode', 'encode_png'] as const) {
      expect(a.timings[stage]).toBeGreaterThanOrEqual(0);
    }
  });

  it('encodes a prompt once for its next images', async () => {
    const g = await generator('preview');
    // Every session is an instance of onnxruntime's InferenceSession class (typed as a factory).
    const sessions = ort.InferenceSession as unknown as { prototype: ort.InferenceSession };
    const run = vi.spyOn(sessions.prototype, 'run');
    try {
      const textEncoderRuns = () =>
        run.mock.calls.filter(([feeds]) => 'input_ids' in (feeds as object)).length;
      await g.generate({ prompt: 'an owl in the snow', seed: 1 });
      await g.generate({ prompt: 'an owl in the snow', seed: 2 });
      expect(textEncoderRuns()).toBe(1);
      await g.generate({ prompt: 'an owl in the rain', seed: 1 });
      expect(textEncoderRuns()).toBe(2);
    } finally {
      run.mockRestore();
    }
  });

  it('runs the fp16 export through the same code and lands close to fp32', async () => {
    const [fp32, fp16] = await Promise.all([generator('preview'), generator('preview-fp16')]);
    const request = { prompt: 'a red dragon over the ocean', seed: 99, width: 256, height: 384 };
    const a = await fp32.generate(request);
    const b = await fp16.generate(request);
    expect([b.width, b.height]).toEqual([256, 384]);
    const diff = meanAbsDiff(await pixels(a.png), await pixels(b.png));
    expect(diff).toBeGreaterThan(0); // really went through half precision
    expect(diff).toBeLessThan(3);
  });

  it('reports a random seed when none is given and honours the step count', async () => {
    const g = await generator('preview');
    const progress: GenerationProgress[] = [];
    const out = await g.generate(
      { prompt: 'forest', steps: 4 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(Number.isInteger(out.seed)).toBe(true);
    expect(out.steps).toBe(4);
    const again = await g.generate({ prompt: 'forest', steps: 4, seed: out.seed });
    expect(again.png.equals(out.png)).toBe(true);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((x, y) => x - y));
    expect(progress.at(-1)).toEqual({ fraction: 1, stage: 'encode_png' });
    expect(progress.filter((p) => p.stage === 'denoise')).toHaveLength(4);
  });

  it('rejects invalid sizes, cancels through AbortSignal and times out as typed errors', async () => {
    const g = await generator('preview', { timeoutMs: 1 });
    await expect(g.generate({ prompt: 'x', width: 500 })).rejects.toMatchObject({
      kind: 'invalid_request',
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      g.generate({ prompt: 'cat' }, { signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(g.generate({ prompt: 'cat', steps: 8 })).rejects.toMatchObject({
      kind: 'timeout',
    });
  });

  it('stops between denoising steps when cancelled mid-run', async () => {
    const g = await generator('preview');
    const controller = new AbortController();
    const stages: string[] = [];
    const run = g.generate(
      { prompt: 'cat', steps: 20 },
      {
        signal: controller.signal,
        onProgress: (p) => {
          stages.push(p.stage);
          if (p.stage === 'denoise') controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stages.filter((s) => s === 'denoise').length).toBeLessThan(3);
    expect(stages).not.toContain('decode');
  });

  it('bounds concurrent generations and finishes them all', async () => {
    const g = await generator('preview', { maxConcurrency: 1 });
    const outs = await Promise.all(
      [1, 2, 3].map((seed) => g.generate({ prompt: 'moon', seed, width: 128, height: 128 })),
    );
    expect(outs.map((o) => o.seed)).toEqual([1, 2, 3]);
  });
});

describe('backend selection', () => {
  it('auto falls back to the preview model, says so, and flags it', async () => {
    const dir = await makeTempDir();
    const logs: string[] = [];
    const g = await createImageGenerator({
      backend: 'auto',
      modelsDir: dir,
      logger: (_l, m) => logs.push(m),
    });
    generators.push(g);
    expect(g.describe()).toMatchObject({
      backend: 'onnx',
      model: 'preview',
      isPreview: true,
      notice: PREVIEW_NOTICE,
    });
    expect(logs.join('\n')).toContain(PREVIEW_NOTICE);
    expect(
      (await g.generate({ prompt: 'cat', seed: 1, width: 64, height: 64 })).png.length,
    ).toBeGreaterThan(0);
  });

  it('auto uses the installed default model when present', async () => {
    const dir = await makeTempDir();
    await ensurePreviewModel(dir);
    // Install the preview files under the default model's name with a non-preview manifest.
    await cp(join(dir, 'preview'), join(dir, 'sd-turbo'), { recursive: true });
    const manifestPath = join(dir, 'sd-turbo/manifest.json');
    const { readFile, writeFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
    await writeFile(
      manifestPath,
      JSON.stringify({ ...manifest, name: 'sd-turbo', isPreview: false }),
    );
    const g = await createImageGenerator({ backend: 'auto', modelsDir: dir });
    generators.push(g);
    expect(g.describe()).toMatchObject({ model: 'sd-turbo', isPreview: false });
  });

  it('onnx with no model installed fails with model_missing and a pull hint', async () => {
    const dir = await makeTempDir();
    const g = await createImageGenerator({ backend: 'onnx', modelsDir: dir });
    await expect(g.generate({ prompt: 'cat' })).rejects.toMatchObject({
      kind: 'model_missing',
      message: expect.stringContaining('npm run models -- pull sd-turbo'),
    });
  });
});
