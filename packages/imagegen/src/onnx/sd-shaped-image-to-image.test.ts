import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { isImageGenError } from '../errors';
import { VARIATION_STRENGTHS } from '../image-to-image';
import { ModelProofError } from '../models/prove-model';
import { readSessionPorts } from './session-io';
import { buildSdShapedFiles, TINY_SD_SHAPE } from '../../test/sd-shaped-graph/sd-shaped-model';
import type { GenerateRequest, GenerationPreview } from '../types';
import { startFakeHub, type FakeHub } from '../../test/helpers/fake-hub';
import { meanAbsDiff, rgbOf } from '../../test/helpers/image-distance';
import { pullSdShapedModel, SD_SHAPED_REPO } from '../../test/helpers/sd-shaped-install';
import { makeTempDir } from '../../test/helpers/temp-dir';

/** With the TAESD pair built as each other's inverse, so the proof's round trip accepts it. */
const FILES = buildSdShapedFiles(TINY_SD_SHAPE, 1, { imageEncoder: true, taesd: 'inverse' });
/** With the random TAESD pair: the encoder does not invert the decoder. */
const UNMATCHED = buildSdShapedFiles(TINY_SD_SHAPE, 1, { imageEncoder: true });
const COMMIT = '6e1d2f3a4b5c6d7e8f90a1b2c3d4e5f6a7b8c9d0';
const PROMPT = 'a lone lighthouse under a violet aurora';
let hub: FakeHub;
let modelsDir: string;
let generator: ImageGenerator;
let textOnly: ImageGenerator;

beforeAll(async () => {
  hub = await startFakeHub(new Map([[SD_SHAPED_REPO, { commit: COMMIT, files: FILES }]]));
  modelsDir = await makeTempDir();
  const pull = (name: string, files: Map<string, Uint8Array | string>) =>
    pullSdShapedModel({ hub, commit: COMMIT, files, modelsDir, name, widen: true });
  await pull('sd-i2i', FILES);
  const withoutEncoder = new Map(FILES);
  withoutEncoder.delete('taesd_encoder/model.onnx');
  await pull('sd-t2i', withoutEncoder);
  // Every live-preview frame: at these tiny widths a frame costs more than a step (decision 080).
  generator = await createImageGenerator({
    backend: 'onnx',
    modelsDir,
    model: 'sd-i2i',
    livePreviewShare: 1,
  });
  textOnly = await createImageGenerator({ backend: 'onnx', modelsDir, model: 'sd-t2i' });
}, 60_000);

afterAll(async () => {
  await Promise.all([generator.close(), textOnly.close()]);
  await hub.close();
});

const text = (seed: number, extra: Partial<GenerateRequest> = {}) =>
  generator.generate({ prompt: PROMPT, seed, steps: 4, width: 128, height: 128, ...extra });

describe('image-to-image on the SD-shaped graph', () => {
  it("has TAESD encoder's ports as the real export declares them", async () => {
    const session = await ort.InferenceSession.create(
      join(modelsDir, 'sd-i2i/taesd_encoder/model.onnx'),
    );
    const { inputs, outputs } = readSessionPorts(session);
    expect(inputs.map((p) => [p.name, p.type, [...p.shape]])).toEqual([
      ['sample', 'float32', ['batch_size', 'num_channels', 'height', 'width']],
    ]);
    expect(outputs.map((p) => [p.name, p.type, [...p.shape]])).toEqual([
      ['latent_sample', 'float32', ['batch_size', 4, 'height_latent', 'width_latent']],
    ]);
    await session.release();
  });

  it('is refused by the proof: random weights do not invert the decoder', async () => {
    const files = UNMATCHED;
    const unmatched = await startFakeHub(new Map([[SD_SHAPED_REPO, { commit: COMMIT, files }]]));
    try {
      const pull = pullSdShapedModel({
        hub: unmatched,
        commit: COMMIT,
        files,
        modelsDir: await makeTempDir(),
        name: 'refused',
        widen: true,
      });
      await expect(pull).rejects.toBeInstanceOf(ModelProofError);
      await expect(pull).rejects.toThrow(/image encoder does not invert the decoder/);
    } finally {
      await unmatched.close();
    }
  });

  // Eight images of up to four steps: allowed a minute on a shared machine.
  it('varies closer to the source at lower strength, same seed same bytes', async () => {
    const source = await text(1);
    const vary = (strength: number, seed = 7) =>
      generator.generate({ prompt: PROMPT, seed, steps: 4, init: { png: source.png, strength } });
    const [subtle, again, strong, other] = await Promise.all([
      vary(VARIATION_STRENGTHS.subtle),
      vary(VARIATION_STRENGTHS.subtle),
      vary(VARIATION_STRENGTHS.strong),
      vary(VARIATION_STRENGTHS.subtle, 8),
    ]);
    expect(subtle.png.equals(again.png)).toBe(true);
    expect(subtle.png.equals(other.png)).toBe(false);
    const src = (await rgbOf(source.png)).data;
    const near = meanAbsDiff((await rgbOf(subtle.png)).data, src);
    const far = meanAbsDiff((await rgbOf(strong.png)).data, src);
    expect(near).toBeGreaterThan(0);
    expect(far).toBeGreaterThan(near);
    // Strength 1 starts from full noise: (almost) the text-to-image of the same seed.
    const full = await vary(1);
    const fresh = await text(7);
    const toFresh = meanAbsDiff((await rgbOf(full.png)).data, (await rgbOf(fresh.png)).data);
    const unrelated = meanAbsDiff((await rgbOf(fresh.png)).data, src);
    expect(unrelated).toBeGreaterThan(far);
    expect(toFresh).toBeLessThan(unrelated / 3);
    // The source's part shows as the difference it makes between two sources at the same seed.
    const second = await text(2);
    const fromSecond = await generator.generate({
      prompt: PROMPT,
      seed: 7,
      steps: 4,
      init: { png: second.png, strength: VARIATION_STRENGTHS.subtle },
    });
    const apart = meanAbsDiff((await rgbOf(fromSecond.png)).data, (await rgbOf(subtle.png)).data);
    expect(apart).toBeGreaterThan(2);
  }, 60_000);

  it('upscales ×2 to exactly twice the width and height', async () => {
    const source = await text(2, { width: 128, height: 64 });
    const up = await generator.generate({
      prompt: PROMPT,
      seed: 3,
      steps: 2,
      init: { png: source.png, strength: 0.3 },
      upscale: 2,
    });
    expect([up.width, up.height, up.upscale]).toEqual([256, 128, 2]);
  });

  it('sends steps − 1 previews at the image size under 256 px', async () => {
    const previews: GenerationPreview[] = [];
    await generator.generate(
      { prompt: PROMPT, seed: 4, steps: 3, width: 128, height: 64 },
      { onPreview: (p) => previews.push(p) },
    );
    expect(previews.map((p) => [p.step, p.image.width, p.image.height])).toEqual([
      [1, 128, 64],
      [2, 128, 64],
    ]);
  });
});

describe('a model pulled without the image encoder', () => {
  it('still renders text-to-image and refuses image-to-image as unsupported', async () => {
    const image = await textOnly.generate({
      prompt: PROMPT,
      seed: 1,
      steps: 2,
      width: 64,
      height: 64,
    });
    expect([image.width, image.height]).toEqual([64, 64]);
    const refused = await textOnly
      .generate({ prompt: PROMPT, init: { png: image.png, strength: 0.5 } })
      .catch((error: unknown) => error);
    expect(isImageGenError(refused) && refused.kind).toBe('unsupported');
    expect((refused as Error).message).toMatch(/cannot start from an image/);
  });
});
