/**
 * The least share of an image's variation that its pixels must have in common with their right
 * and lower neighbours. A rendered image, even a busy one, changes smoothly almost everywhere
 * (the preview model's 512×512 proof image shares nearly all of it); noise shares none, and a
 * checkerboard or a decoder fed garbage shares little or less than none.
 */
export const MIN_NEIGHBOUR_CORRELATION = 0.5;

/**
 * Neighbouring-pixel correlation of a planar RGB image: the covariance of each pixel with its
 * right and lower neighbours over the image's variance, per channel around that channel's mean,
 * pooled over the channels. 1 for a smooth image, about 0 for independent noise, below 0 for a
 * pattern that flips from pixel to pixel. 0 for a constant image (nothing varies).
 */
export function neighbourCorrelation(planar: Float32Array, width: number, height: number): number {
  const plane = width * height;
  if (planar.length !== plane * 3) {
    throw new Error(`a ${width}×${height} RGB image has ${plane * 3} values, not ${planar.length}`);
  }
  let shared = 0;
  let variance = 0;
  for (let c = 0; c < 3; c++) {
    const base = c * plane;
    let mean = 0;
    for (let i = base; i < base + plane; i++) mean += planar[i] as number;
    mean /= plane;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = base + y * width + x;
        const d = (planar[i] as number) - mean;
        variance += d * d;
        if (x + 1 < width) shared += d * ((planar[i + 1] as number) - mean);
        if (y + 1 < height) shared += d * ((planar[i + width] as number) - mean);
      }
    }
  }
  // Each pixel meets up to two neighbours: two products per unit of its variance.
  return variance === 0 ? 0 : shared / (2 * variance);
}
