import sharp from 'sharp';

/** A one-colour PNG, to tell a source's pixels from what an engine drew. */
export function solidPng(
  width: number,
  height: number,
  colour: { r: number; g: number; b: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The RGB of one pixel of a PNG. */
export async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return Array.from(data.subarray(at, at + 3));
}
