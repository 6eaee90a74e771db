import { PREVIEW_MAX_SIDE, shrinkRgb } from './live-preview';

/** The share of an image's time its live-preview frames may take, unless the operator says. */
export const DEFAULT_LIVE_PREVIEW_SHARE = 0.05;

/**
 * Which steps get a live-preview frame: a frame is decoded only while the frames' decodes,
 * this one included, stay within `share` of the image's time so far. A frame's cost is
 * foreseen from the last decode measured (per latent cell), so a model whose decoder costs
 * more than its steps sends fewer frames, or none, instead of slowing every image.
 */
export class PreviewBudget {
  private spentMs = 0;

  constructor(
    private readonly share: number,
    private readonly foreseeMs: () => number,
    private readonly startedAt: number,
  ) {}

  allows(now: number): boolean {
    if (this.share <= 0) return false;
    const cost = this.foreseeMs();
    return this.spentMs + cost <= this.share * (now - this.startedAt + cost);
  }

  spend(ms: number): void {
    this.spentMs += ms;
  }
}

/**
 * The whole factor that brings the image's long side to at most the preview's, applied to the
 * latents: the decoder then makes the preview's size directly, at a fraction of a full decode.
 */
export function previewPoolFactor(width: number, height: number): number {
  return Math.max(1, Math.ceil(Math.max(width, height) / PREVIEW_MAX_SIDE));
}

/** Planar NCHW latents (batch 1) averaged over factor×factor boxes; a partial edge box is dropped. */
export function poolLatents(
  latents: Float32Array,
  dims: number[],
  factor: number,
): { latents: Float32Array; dims: number[] } {
  const [batch = 1, channels = 4, height = 0, width = 0] = dims;
  if (factor === 1) return { latents, dims };
  const outH = Math.floor(height / factor);
  const outW = Math.floor(width / factor);
  const out = new Float32Array(channels * outH * outW);
  const area = factor * factor;
  for (let c = 0; c < channels; c++) {
    const plane = c * height * width;
    for (let y = 0; y < outH; y++) {
      for (let x = 0; x < outW; x++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const row = plane + (y * factor + dy) * width + x * factor;
          for (let dx = 0; dx < factor; dx++) sum += latents[row + dx] as number;
        }
        out[(c * outH + y) * outW + x] = sum / area;
      }
    }
  }
  return { latents: out, dims: [batch, channels, outH, outW] };
}

/**
 * What a frame costs, foreseen from the model's decodes: the last frame's time once one was
 * decoded, else the last full decode's scaled by latent cells (the warm-up image gives one).
 */
export class DecodeCost {
  private frameMsPerCell: number | undefined;
  private fullMsPerCell = 0;

  recordFrame(ms: number, cells: number): void {
    this.frameMsPerCell = ms / cells;
  }

  recordFull(ms: number, cells: number): void {
    this.fullMsPerCell = ms / cells;
  }

  foresee(cells: number): number {
    return (this.frameMsPerCell ?? this.fullMsPerCell) * cells;
  }
}

type DecodeLatents = (
  latents: Float32Array,
  dims: number[],
) => Promise<{ rgb: Uint8Array; width: number; height: number }>;

/**
 * One frame: the clean-sample estimate pooled to the preview's size, decoded, shrunk if a
 * rounding left it larger; with the latent cells it decoded, for the cost of the next.
 */
export async function decodePreviewFrame(
  decode: DecodeLatents,
  x0: Float32Array,
  dims: number[],
  image: { width: number; height: number },
) {
  const pooled = poolLatents(x0, dims, previewPoolFactor(image.width, image.height));
  const shown = await decode(pooled.latents, pooled.dims);
  const cells = (pooled.dims[2] ?? 0) * (pooled.dims[3] ?? 0);
  return { image: shrinkRgb(shown.rgb, shown.width, shown.height), cells };
}
