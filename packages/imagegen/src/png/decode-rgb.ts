import sharp from 'sharp';

/**
 * An image's pixels as RGB bytes (alpha dropped, grey widened to three channels), stretched to
 * `size` when given and different. Throws sharp's error on bytes it cannot decode.
 */
export async function decodeRgb(
  image: Buffer | { data: Uint8Array; width: number; height: number },
  size?: { width: number; height: number },
): Promise<{ data: Uint8Array; width: number; height: number }> {
  let pipeline = Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  pipeline = pipeline.removeAlpha().toColourspace('srgb');
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.length);
  return { data: bytes, width: info.width, height: info.height };
}
