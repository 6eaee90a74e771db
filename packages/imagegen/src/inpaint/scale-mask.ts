import type { InpaintMask } from '../types';

/** For each output sample of one axis: the first input sample it reads and their weights. */
interface AxisFilter {
  first: Int32Array;
  weights: Float32Array[];
}

/**
 * The mask resampled to width×height with a triangle (tent) filter, one axis at a time. The
 * filter widens with the shrink factor, so every source pixel counts when the mask is made
 * smaller (a thin stroke fades rather than vanishes) and edges stay smooth when it is enlarged.
 */
export function scaleMask(mask: InpaintMask, width: number, height: number): InpaintMask {
  if (mask.width === width && mask.height === height) return mask;
  const across = axisFilter(mask.width, width);
  const down = axisFilter(mask.height, height);
  const rows = new Float32Array(width * mask.height);
  for (let y = 0; y < mask.height; y++) {
    filterLine(across, mask.data, y * mask.width, rows, y * width);
  }
  const data = new Uint8Array(width * height);
  const line = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    blendRows(down, y, rows, line);
    for (let x = 0; x < width; x++)
      data[y * width + x] = Math.min(255, Math.round(line[x] as number));
  }
  return { data, width, height };
}

/** The tent filter's taps from `from` samples to `to`, normalised to sum to one. */
function axisFilter(from: number, to: number): AxisFilter {
  const scale = from / to;
  const radius = Math.max(1, scale);
  const first = new Int32Array(to);
  const weights: Float32Array[] = [];
  for (let i = 0; i < to; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const start = Math.max(0, Math.ceil(centre - radius));
    const end = Math.min(from - 1, Math.floor(centre + radius));
    const taps = new Float32Array(Math.max(1, end - start + 1));
    let sum = 0;
    for (let j = start; j <= end; j++) {
      const weight = Math.max(0, 1 - Math.abs(j - centre) / radius);
      taps[j - start] = weight;
      sum += weight;
    }
    first[i] = start;
    if (sum > 0) for (let k = 0; k < taps.length; k++) taps[k] = (taps[k] as number) / sum;
    else taps[0] = 1;
    weights.push(taps);
  }
  return { first, weights };
}

/** One row of `input` (from `offset`) filtered into `output` (from `outOffset`). */
function filterLine(
  filter: AxisFilter,
  input: Uint8Array,
  offset: number,
  output: Float32Array,
  outOffset: number,
): void {
  for (let i = 0; i < filter.first.length; i++) {
    const taps = filter.weights[i] as Float32Array;
    const start = offset + (filter.first[i] as number);
    let sum = 0;
    for (let k = 0; k < taps.length; k++) sum += (input[start + k] as number) * (taps[k] as number);
    output[outOffset + i] = sum;
  }
}

/** Output row `y` of the vertical pass: the weighted sum of the rows its taps read, whole rows at a time. */
function blendRows(filter: AxisFilter, y: number, rows: Float32Array, line: Float32Array): void {
  const width = line.length;
  const taps = filter.weights[y] as Float32Array;
  const first = filter.first[y] as number;
  line.fill(0);
  for (let k = 0; k < taps.length; k++) {
    const weight = taps[k] as number;
    const row = rows.subarray((first + k) * width, (first + k + 1) * width);
    for (let x = 0; x < width; x++) line[x] = (line[x] as number) + (row[x] as number) * weight;
  }
}
