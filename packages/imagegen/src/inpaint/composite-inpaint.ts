import type { InpaintMask } from '../types';

/**
 * RGB pixels of the finished image: the source where the mask is black, the engine's where it is
 * white, and a mix along the feathered edge in proportion to the mask. Both images and the mask
 * have the same size; pixels the mask keeps are the source's bytes exactly.
 */
export function compositeInpaint(
  source: Uint8Array,
  engine: Uint8Array,
  mask: InpaintMask,
): Uint8Array {
  const out = new Uint8Array(source.length);
  for (let pixel = 0; pixel < mask.data.length; pixel++) {
    const repainted = mask.data[pixel] as number;
    for (let channel = pixel * 3; channel < pixel * 3 + 3; channel++) {
      const kept = source[channel] as number;
      const drawn = engine[channel] as number;
      out[channel] = Math.round((kept * (255 - repainted) + drawn * repainted) / 255);
    }
  }
  return out;
}
