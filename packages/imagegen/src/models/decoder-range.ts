import type { DecoderRange } from '../onnx/image-layout';

export interface DecoderValues {
  min: number;
  max: number;
  /** The value 1 % of the pixels fall below: strays aside, where the image really starts. */
  low: number;
}

/** How far past its range a decoder may overshoot before its image is refused (the pixels clamp). */
const OVERSHOOT = 0.25;
/** Below this (at the 1st percentile) the decoder speaks [-1, 1]: a [0, 1] image barely dips under 0. */
const NEGATIVE = -0.1;

const BOUNDS: Record<DecoderRange, [number, number]> = {
  minus_one_to_one: [-1 - OVERSHOOT, 1 + OVERSHOOT],
  zero_to_one: [-OVERSHOOT, 1 + OVERSHOOT],
};

/** Smallest, largest and 1st-percentile value of the decoder's output. */
export function measureDecoderValues(values: Float32Array): DecoderValues {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const sorted = Float32Array.from(values).sort();
  const low = sorted[Math.floor((sorted.length - 1) * 0.01)] ?? min;
  return { min, max, low };
}

/**
 * The range the decoder's proof image shows, or why the image is refused: constant, outside any
 * decoder range, or contradicting the range the manifest declares. A declared [-1, 1] stays when
 * the image happens to lie in [0, 1] (a bright image fits both).
 */
export function readDecoderRange(
  values: DecoderValues,
  declared: DecoderRange | undefined,
): { outputRange: DecoderRange } | { refused: string } {
  const { min, max, low } = values;
  const spans = `the proof image's values span ${min.toFixed(3)}…${max.toFixed(3)}`;
  if (max - min < 1 / 255) {
    return {
      refused: `the proof image is constant (every value ${min.toFixed(4)}): the model draws nothing`,
    };
  }
  const measured: DecoderRange = low < NEGATIVE ? 'minus_one_to_one' : 'zero_to_one';
  if (declared === 'zero_to_one' && measured === 'minus_one_to_one') {
    return { refused: `the manifest says the decoder outputs [0, 1] but ${spans}` };
  }
  const outputRange = declared ?? measured;
  const [lower, upper] = BOUNDS[outputRange];
  if (min < lower || max > upper) {
    const range = outputRange === 'zero_to_one' ? '[0, 1]' : '[-1, 1]';
    return {
      refused: `${spans}, outside the decoder's range ${range}: its scaling or weights are wrong`,
    };
  }
  return { outputRange };
}
