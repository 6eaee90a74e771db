/**
 * Bilinear enlargement of planar NCHW latents (batch 1) by an integer factor, sampling at pixel
 * centres as PyTorch's `interpolate(mode="bilinear", align_corners=False)` does for a hires fix.
 * Bilinear rather than nearest: nearest repeats every latent cell, and the few low-strength steps
 * that follow redraw those blocks as visible squares.
 */
export function enlargeLatents(
  latents: Float32Array,
  channels: number,
  height: number,
  width: number,
  factor: number,
): Float32Array {
  const outH = height * factor;
  const outW = width * factor;
  const out = new Float32Array(channels * outH * outW);
  const source = (o: number, size: number) => {
    const at = Math.min(Math.max((o + 0.5) / factor - 0.5, 0), size - 1);
    const low = Math.floor(at);
    return { low, high: Math.min(low + 1, size - 1), t: at - low };
  };
  const rows = Array.from({ length: outH }, (_, y) => source(y, height));
  const cols = Array.from({ length: outW }, (_, x) => source(x, width));
  for (let c = 0; c < channels; c++) {
    const plane = c * height * width;
    for (let y = 0; y < outH; y++) {
      const r = rows[y]!;
      for (let x = 0; x < outW; x++) {
        const k = cols[x]!;
        const at = (yy: number, xx: number) => latents[plane + yy * width + xx] as number;
        const top = at(r.low, k.low) * (1 - k.t) + at(r.low, k.high) * k.t;
        const bottom = at(r.high, k.low) * (1 - k.t) + at(r.high, k.high) * k.t;
        out[(c * outH + y) * outW + x] = top * (1 - r.t) + bottom * r.t;
      }
    }
  }
  return out;
}
