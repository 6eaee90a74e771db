import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng } from './encode-png';
import { resizeImage } from './resize-image';

describe('resizeImage', () => {
  it('makes a smaller WebP at the same aspect ratio that keeps the AI-generated marking', async () => {
    const width = 64;
    const height = 36;
    const data = new Uint8Array(width * height * 3).fill(200);
    const { png } = await encodePng(
      { kind: 'rgb', data, width, height },
      { model: 'test', backend: 'onnx' },
    );
    const small = await resizeImage(png, 32);
    const meta = await sharp(small).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 32, 18]);
    expect(meta.xmp?.toString()).toContain('trainedAlgorithmicMedia');
  });

  it('never enlarges', async () => {
    const png = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await sharp(await resizeImage(png, 512)).metadata()).width).toBe(100);
  });
});
