import type { InpaintMask } from '../types';

/**
 * A black-and-white mask with its edge softened by a box blur of `radius` pixels, one axis at a
 * time: the repainted region fades into the kept one across the edge instead of showing a seam.
 * Pixels farther than `radius` from the edge keep their 0 or 255.
 */
export function featherMask(mask: InpaintMask, radius: number): InpaintMask {
  const { width, height } = mask;
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) boxBlurLine(mask.data, across, y * width, 1, width, radius);
  const data = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) boxBlurLine(across, data, x, width, height, radius);
  return { data, width, height };
}

/**
 * A running mean over 2×radius+1 samples of one line (`length` samples from `offset`, every
 * `stride`); past the ends the nearest sample repeats.
 */
function boxBlurLine(
  input: Uint8Array,
  output: Uint8Array,
  offset: number,
  stride: number,
  length: number,
  radius: number,
): void {
  const at = (i: number) => input[offset + Math.min(length - 1, Math.max(0, i)) * stride] as number;
  const size = 2 * radius + 1;
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += at(i);
  for (let i = 0; i < length; i++) {
    output[offset + i * stride] = Math.round(sum / size);
    sum += at(i + radius + 1) - at(i - radius);
  }
}
