/**
 * Decoder output is planar NCHW floats in [-1, 1] (or [0, 1] for some exports); sharp wants
 * interleaved HWC bytes.
 */
export type DecoderRange = 'minus_one_to_one' | 'zero_to_one';

export function planarToRgbBytes(
  planar: Float32Array,
  width: number,
  height: number,
  range: DecoderRange = 'minus_one_to_one',
): Uint8Array {
  // NaN would pass every comparison below and land as 0: black pixels where the model failed.
  const plane = width * height;
  if (planar.length < plane * 3) {
    throw new RangeError(
      `Expected at least ${plane * 3} values for ${width}x${height}x3, got ${planar.length}`,
    );
  }
  const out = new Uint8Array(plane * 3);
  const toUnit = range === 'minus_one_to_one' ? (v: number) => (v + 1) / 2 : (v: number) => v;
  for (let c = 0; c < 3; c++) {
    const offset = c * plane;
    for (let i = 0; i < plane; i++) {
      const unit = toUnit(planar[offset + i] as number);
      const clamped = unit <= 0 ? 0 : unit >= 1 ? 1 : unit;
      out[i * 3 + c] = Math.round(clamped * 255);
    }
  }
  return out;
}

/** How many values are NaN or ±infinity (a broken model or an fp16 overflow). */
export function countNonFinite(values: Float32Array): number {
  let count = 0;
  for (const v of values) if (!Number.isFinite(v)) count++;
  return count;
}

/** Multiplies every latent value by `factor` (1/0.18215 before a KL VAE decoder). */
export function scaleLatents(latents: Float32Array, factor: number): Float32Array {
  if (factor === 1) return latents;
  const out = new Float32Array(latents.length);
  for (let i = 0; i < latents.length; i++) out[i] = (latents[i] as number) * factor;
  return out;
}

/** Interleaved RGB bytes → planar NCHW floats in the decoder's range (what an encoder reads). */
export function rgbBytesToPlanar(
  rgb: Uint8Array,
  width: number,
  height: number,
  range: DecoderRange = 'minus_one_to_one',
): Float32Array {
  const plane = width * height;
  const out = new Float32Array(plane * 3);
  const fromUnit = range === 'minus_one_to_one' ? (v: number) => v * 2 - 1 : (v: number) => v;
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < plane; i++) out[c * plane + i] = fromUnit((rgb[i * 3 + c] as number) / 255);
  }
  return out;
}
