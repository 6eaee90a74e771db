/** The long side of a live preview: small enough to send every step, big enough to judge. */
export const PREVIEW_MAX_SIDE = 256;

/**
 * Shrinks interleaved RGB by the smallest whole factor that brings the long side to at most
 * `maxSide`, averaging each factor×factor box (a decode of the latent as is, then this, costs less
 * than a second decoder session at a smaller size would to keep).
 */
export function shrinkRgb(
  rgb: Uint8Array,
  width: number,
  height: number,
  maxSide = PREVIEW_MAX_SIDE,
): { data: Uint8Array; width: number; height: number } {
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / maxSide));
  if (factor === 1) return { data: rgb, width, height };
  const outW = Math.floor(width / factor);
  const outH = Math.floor(height / factor);
  const data = new Uint8Array(outW * outH * 3);
  const area = factor * factor;
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const row = (y * factor + dy) * width;
          for (let dx = 0; dx < factor; dx++) sum += rgb[(row + x * factor + dx) * 3 + c] as number;
        }
        data[(y * outW + x) * 3 + c] = Math.round(sum / area);
      }
    }
  }
  return { data, width: outW, height: outH };
}
