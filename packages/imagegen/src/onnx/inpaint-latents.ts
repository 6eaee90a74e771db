import { scaleMask } from '../inpaint/scale-mask';
import type { InpaintMask } from '../types';
import { gaussianNoise } from '../util/random';

/**
 * What masked latent blending needs at every step: the source's latents, the noise they are
 * re-noised with, and each latent cell's share of the mask (0 kept, 1 repainted).
 */
export interface LatentInpaint {
  source: Float32Array;
  noise: Float32Array;
  cellMask: Float32Array;
  /** Latent cells a channel (height × width of the latent). */
  cells: number;
}

/**
 * The blending state of an inpainting request: the mask shrunk to the latent grid with the same
 * smooth filter the pixel mask used, so a cell half covered is half repainted.
 */
export function latentInpaint(
  mask: InpaintMask,
  source: Float32Array,
  latentDims: number[],
  seed: number,
): LatentInpaint {
  const [, , height = 0, width = 0] = latentDims;
  const shrunk = scaleMask(mask, width, height);
  const cellMask = Float32Array.from(shrunk.data, (value) => value / 255);
  return { source, noise: gaussianNoise(source.length, seed, 1), cellMask, cells: width * height };
}

/**
 * After a step that reached `sigma`, the latents outside the mask become the source's noised to
 * that level (Euler's add_noise: x + σ·ε), blended by each cell's share: the model repaints the
 * masked region in the context of a source that stays itself, and at the last step (σ = 0) the
 * unmasked latents are the source's exactly.
 */
export function keepOutsideMask(latents: Float32Array, inpaint: LatentInpaint, sigma: number) {
  const { source, noise, cellMask, cells } = inpaint;
  for (let i = 0; i < latents.length; i++) {
    const repainted = cellMask[i % cells] as number;
    if (repainted === 1) continue;
    const kept = (source[i] as number) + sigma * (noise[i] as number);
    latents[i] = repainted * (latents[i] as number) + (1 - repainted) * kept;
  }
}
