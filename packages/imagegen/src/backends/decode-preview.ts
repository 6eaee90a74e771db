import sharp from 'sharp';
import type { GenerationPreview } from '../types';

/**
 * Decodes a GPU server's preview (ComfyUI's JPEG/PNG frames, A1111's PNG/JPEG/WebP live
 * previews) to the RGB pixels `onPreview` takes.
 */
export async function decodePreview(encoded: Buffer): Promise<GenerationPreview['image']> {
  const { data, info } = await sharp(encoded)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  return { data: pixels, width: info.width, height: info.height };
}
