/**
 * Denoising strengths for the embedded models' image-to-image (decision 060): the share of the
 * schedule re-run on the noised source. A subtle variation keeps the composition and colours and
 * redraws detail; a strong one keeps the rough layout and palette only.
 */
export const VARIATION_STRENGTHS = { subtle: 0.35, strong: 0.7 } as const;

export type VariationStrength = keyof typeof VARIATION_STRENGTHS;

/**
 * Strength of the re-render after a latent upscale (hires fix): low enough that the enlarged
 * image stays the source, high enough to redraw the detail the interpolation blurred.
 */
export const UPSCALE_STRENGTH = 0.3;

/**
 * How many of a `steps`-step schedule an image-to-image run denoises: the last
 * ceil(steps × strength), at least one (diffusers' img2img, rounding up). The small epsilon keeps
 * a product like 25 × 0.28 = 7.000000000000001 from rounding up to 8.
 */
export function stepsToRun(steps: number, strength: number): number {
  return Math.min(steps, Math.max(1, Math.ceil(steps * strength - 1e-9)));
}

/**
 * The shortest schedule, at least `steps` long, whose image-to-image run starts below its top
 * timestep, so the source survives: with a one-step schedule every strength starts from full
 * noise (its only timestep is 999). Strength 1 starts from full noise by definition.
 */
export function stepsKeepingSource(steps: number, strength: number): number {
  if (strength >= 1) return steps;
  let total = steps;
  while (stepsToRun(total, strength) >= total) total++;
  return total;
}
