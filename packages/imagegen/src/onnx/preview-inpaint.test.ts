import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageGenerator, type ImageGenerator } from '../create-image-generator';
import { ensurePreviewModel } from '../preview/ensure-preview-model';
import { meanAbsDiff } from '../../test/helpers/image-distance';
import { maskPng } from '../../test/helpers/mask-png';
import { makeTempDir } from '../../test/helpers/temp-dir';

let generator: ImageGenerator;

beforeAll(async () => {
  const modelsDir = await makeTempDir();
  await ensurePreviewModel(modelsDir, 'fp32');
  generator = await createImageGenerator({ backend: 'onnx', modelsDir, model: 'preview' });
});
afterAll(() => generator.close());

/** A region's RGB bytes. */
function region(png: Buffer, left: number, top: number, width: number, height: number) {
  return sharp(png).removeAlpha().extract({ left, top, width, height }).raw().toBuffer();
}

describe('inpainting on the preview model (the e2e and demo engine)', () => {
  it('declares it', () => {
    expect(generator.describe().capabilities?.inpaint).toBe(true);
  });

  it('repaints the masked region with its noise, keeps the rest byte for byte, same size', async () => {
    const source = await generator.generate({
      prompt: 'a harbour at dawn',
      seed: 3,
      steps: 2,
      width: 256,
      height: 192,
    });
    // A mask the size a phone canvas paints: the top-left quarter of the picture.
    const mask = await maskPng({ width: 390, height: 293 }, { x: 0, y: 0, w: 195, h: 146 });
    const image = await generator.generate({
      prompt: 'a lighthouse',
      seed: 11,
      steps: 2,
      init: { png: source.png, strength: 0.9, mask },
    });
    expect([image.width, image.height]).toEqual([256, 192]);
    const kept = [192, 96, 64, 96] as const;
    expect((await region(image.png, ...kept)).equals(await region(source.png, ...kept))).toBe(true);
    const repainted = [0, 0, 112, 80] as const;
    const drawn = meanAbsDiff(
      await region(image.png, ...repainted),
      await region(source.png, ...repainted),
    );
    expect(drawn).toBeGreaterThan(2);
  });
});
