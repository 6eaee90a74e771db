import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { readInpaintMask } from '../inpaint/read-inpaint-mask';
import { modelDir } from '../models/model-store';
import { buildSdShapedFiles, TINY_SD_SHAPE } from '../../test/sd-shaped-graph/sd-shaped-model';
import type { ResolvedRequest } from '../types';
import { startFakeHub, type FakeHub } from '../../test/helpers/fake-hub';
import { meanAbsDiff, rgbOf } from '../../test/helpers/image-distance';
import { maskPng } from '../../test/helpers/mask-png';
import { pullSdShapedModel, SD_SHAPED_REPO } from '../../test/helpers/sd-shaped-install';
import { makeTempDir } from '../../test/helpers/temp-dir';
import { rgbBytesToPlanar } from './image-layout';
import { loadSdPipeline, type SdPipeline } from './sd-pipeline';

/** With the TAESD pair built as each other's inverse, so the proof's round trip accepts it. */
const FILES = buildSdShapedFiles(TINY_SD_SHAPE, 1, { imageEncoder: true, taesd: 'inverse' });
const COMMIT = '7f2e3a4b5c6d7e8f90a1b2c3d4e5f6a7b8c9d0e1';
const PROMPT = 'a lone lighthouse under a violet aurora';
const SIZE = 128;
/** The left half is repainted; the right half is kept. */
const LEFT_HALF = { x: 0, y: 0, w: SIZE / 2, h: SIZE };

let hub: FakeHub;
let generator: ImageGenerator;
let pipeline: SdPipeline;

beforeAll(async () => {
  hub = await startFakeHub(new Map([[SD_SHAPED_REPO, { commit: COMMIT, files: FILES }]]));
  const modelsDir = await makeTempDir();
  const manifest = await pullSdShapedModel({
    hub,
    commit: COMMIT,
    files: FILES,
    modelsDir,
    name: 'sd-inpaint',
    widen: true,
  });
  generator = await createImageGenerator({ backend: 'onnx', modelsDir, model: 'sd-inpaint' });
  pipeline = await loadSdPipeline(modelDir(modelsDir, 'sd-inpaint'), manifest, {
    intraOpThreads: 1,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([generator.close(), pipeline.close()]);
  await hub.close();
});

/** The right quarter's RGB bytes, far enough from the mask's edge for the decoder's reach. */
function rightQuarter(rgb: Uint8Array): number[] {
  const out: number[] = [];
  for (let y = 0; y < SIZE; y++) {
    out.push(...rgb.subarray((y * SIZE + (SIZE * 3) / 4) * 3, (y + 1) * SIZE * 3));
  }
  return out;
}

async function request(png: Buffer, mask?: Buffer): Promise<ResolvedRequest> {
  const init = { png, strength: 0.8, width: SIZE, height: SIZE };
  return {
    prompt: PROMPT,
    negativePrompt: '',
    width: SIZE,
    height: SIZE,
    seed: 9,
    steps: 4,
    aspectRatio: '1:1',
    quality: 'balanced',
    init: mask ? { ...init, mask, inpaintMask: await readInpaintMask(mask, SIZE, SIZE) } : init,
  };
}

describe('inpainting on the SD-shaped graph', () => {
  it('keeps the source latents outside the mask at every step', async () => {
    const source = await generator.generate({
      prompt: PROMPT,
      seed: 1,
      steps: 4,
      width: SIZE,
      height: SIZE,
    });
    const mask = await maskPng({ width: SIZE, height: SIZE }, LEFT_HALF);
    const run = (req: ResolvedRequest) => pipeline.run(req, new AbortController().signal, () => {});
    const [inpainted, varied] = await Promise.all([
      run(await request(source.png, mask)),
      run(await request(source.png)),
    ]);
    // What the decoder makes of the source's own latents: the unmasked side of the pipeline's
    // output before any pixel is composited.
    const pixels = (await rgbOf(source.png)).data;
    const planar = rgbBytesToPlanar(pixels, SIZE, SIZE, 'minus_one_to_one');
    const kept = await pipeline.roundTrip!(planar, SIZE, SIZE, 'minus_one_to_one');
    const reference = Uint8Array.from(rightQuarter(kept.rgb));
    const inpaintedOff = meanAbsDiff(Uint8Array.from(rightQuarter(inpainted.rgb)), reference);
    const variedOff = meanAbsDiff(Uint8Array.from(rightQuarter(varied.rgb)), reference);
    expect(inpaintedOff).toBeLessThan(1);
    expect(variedOff).toBeGreaterThan(inpaintedOff + 2);
  }, 60_000);

  it('returns the source size with the unmasked pixels the source bytes exactly', async () => {
    const source = await generator.generate({
      prompt: PROMPT,
      seed: 2,
      steps: 4,
      width: SIZE,
      height: SIZE,
    });
    const mask = await maskPng({ width: 32, height: 32 }, { x: 0, y: 0, w: 16, h: 32 });
    const image = await generator.generate({
      prompt: 'a red door',
      seed: 5,
      steps: 4,
      init: { png: source.png, strength: 0.9, mask },
    });
    expect([image.width, image.height, image.strength]).toEqual([SIZE, SIZE, 0.9]);
    const out = (await rgbOf(image.png)).data;
    const src = (await rgbOf(source.png)).data;
    expect(rightQuarter(out)).toEqual(rightQuarter(src));
    const leftOut = await sharp(image.png)
      .extract({ left: 0, top: 0, width: 48, height: SIZE })
      .raw()
      .toBuffer();
    const leftSrc = await sharp(source.png)
      .extract({ left: 0, top: 0, width: 48, height: SIZE })
      .raw()
      .toBuffer();
    expect(meanAbsDiff(leftOut, leftSrc)).toBeGreaterThan(2);
  }, 60_000);
});
