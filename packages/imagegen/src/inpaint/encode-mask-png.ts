import sharp from 'sharp';
import type { InpaintMask } from '../types';

/** The mask as a greyscale PNG: white repaints, black keeps, grey on the feathered edge. */
export function greyMaskPng(mask: InpaintMask): Promise<Buffer> {
  const raw = { width: mask.width, height: mask.height, channels: 1 } as const;
  return sharp(mask.data, { raw }).toColourspace('b-w').png().toBuffer();
}

/**
 * The mask in the images API's convention (`/v1/images/edits`): an RGBA PNG, fully transparent
 * where the image is edited and opaque black where it is kept. The API reads alpha as on or off,
 * so the feathered edge is cut at half; the composite blends the edge afterwards.
 */
export function transparentWhereEditedPng(mask: InpaintMask): Promise<Buffer> {
  const rgba = new Uint8Array(mask.data.length * 4);
  mask.data.forEach((value, i) => (rgba[i * 4 + 3] = value >= 128 ? 0 : 255));
  const raw = { width: mask.width, height: mask.height, channels: 4 } as const;
  return sharp(rgba, { raw }).png().toBuffer();
}
