import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeLivePreview, LIVE_PREVIEW_MAX_BASE64 } from './encode-live-preview';

const rgb = (
  width: number,
  height: number,
  data = new Uint8Array(width * height * 3).fill(90),
) => ({
  step: 1,
  steps: 4,
  image: { data, width, height },
});

/** Noise in 8 px blocks (a fixed sequence): too busy for the budget at 256 px, fine at 128. */
function blockNoise(side: number) {
  const data = new Uint8Array(side * side * 3);
  let state = 7;
  const blocks = new Uint8Array((side / 8) * (side / 8) * 3).map(() => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state >> 23;
  });
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      for (let c = 0; c < 3; c++)
        data[(y * side + x) * 3 + c] = blocks[((y >> 3) * (side / 8) + (x >> 3)) * 3 + c] ?? 0;
  return rgb(side, side, data);
}

describe('encodeLivePreview', () => {
  it('makes a WebP at most 256 px on its long side, within the NOTIFY budget', async () => {
    const base64 = await encodeLivePreview(rgb(512, 384));
    const meta = await sharp(Buffer.from(base64 ?? '', 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 192 });
    expect(base64?.length).toBeLessThanOrEqual(LIVE_PREVIEW_MAX_BASE64);
  });

  it('never enlarges a small preview', async () => {
    const base64 = await encodeLivePreview(rgb(64, 32));
    const meta = await sharp(Buffer.from(base64 ?? '', 'base64')).metadata();
    expect(meta).toMatchObject({ width: 64, height: 32 });
  });

  it('shrinks noise that does not fit at 256 px, and drops what fits at no size', async () => {
    const noise = blockNoise(256);
    const base64 = await encodeLivePreview(noise);
    const meta = await sharp(Buffer.from(base64 ?? '', 'base64')).metadata();
    expect(meta.width).toBeLessThan(256);
    expect(base64?.length).toBeLessThanOrEqual(LIVE_PREVIEW_MAX_BASE64);
    expect(await encodeLivePreview(noise, 100)).toBeUndefined();
  });
});
