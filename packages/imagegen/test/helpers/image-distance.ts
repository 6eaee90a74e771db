import sharp from 'sharp';

/** A PNG's pixels as RGB bytes with its size. */
export async function rgbOf(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference of two equally sized byte images, 0…255. */
export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

/** The image halved by 2×2 averaging, to compare an upscale with its source. */
export async function halved(png: Buffer): Promise<Buffer> {
  const { width, height } = await rgbOf(png);
  return sharp(png)
    .removeAlpha()
    .resize(width / 2, height / 2, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}
