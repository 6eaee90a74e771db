import { randomInt } from 'node:crypto';

export const MAX_SEED = 2 ** 32 - 1;

export function randomSeed(): number {
  return randomInt(0, MAX_SEED);
}

/** SplitMix32-style deterministic generator: the same seed gives the same latents everywhere. */
export function createRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return (z + 0.5) / 2 ** 32;
  };
}

/** Standard normal samples via Box–Muller. */
export function gaussianNoise(length: number, seed: number, scale = 1): Float32Array {
  const rng = createRng(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(rng())) * scale;
    const angle = 2 * Math.PI * rng();
    out[i] = radius * Math.cos(angle);
    if (i + 1 < length) out[i + 1] = radius * Math.sin(angle);
  }
  return out;
}
