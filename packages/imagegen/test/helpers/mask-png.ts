import sharp from 'sharp';

/**
 * A mask PNG: black with a white rectangle (`x`, `y`, `w`, `h` in pixels), or all black without
 * one, in the layout a painting canvas or an editor would save.
 */
export function maskPng(
  size: { width: number; height: number },
  rect?: { x: number; y: number; w: number; h: number },
  format: 'grey' | 'rgba' | 'palette' | 'interlaced' = 'grey',
): Promise<Buffer> {
  const { width, height } = size;
  const channels = format === 'rgba' ? 4 : 3;
  const data = Buffer.alloc(width * height * channels);
  if (format === 'rgba') for (let i = 3; i < data.length; i += 4) data[i] = 255;
  if (rect) {
    for (let y = rect.y; y < rect.y + rect.h; y++) {
      for (let x = rect.x; x < rect.x + rect.w; x++) {
        data.fill(255, (y * width + x) * channels, (y * width + x) * channels + 3);
      }
    }
  }
  const image = sharp(data, { raw: { width, height, channels } });
  if (format === 'grey') return image.toColourspace('b-w').png().toBuffer();
  if (format === 'palette') return image.png({ palette: true, colours: 2 }).toBuffer();
  if (format === 'interlaced') return image.png({ progressive: true }).toBuffer();
  return image.png().toBuffer();
}

/** A PNG every pixel of which is fully transparent (white underneath). */
export function transparentPng(width: number, height: number): Promise<Buffer> {
  const background = { r: 255, g: 255, b: 255, alpha: 0 };
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}
