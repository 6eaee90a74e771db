import { pseudoInverse3x4 } from '../../src/preview/pseudo-inverse';
import type { ConvValues } from './layers';

/**
 * The weights of a TAESD pair built as each other's inverse, as a trained pair nearly is: the
 * decoder's residual blocks pass their input through, its convolutions carry each latent channel
 * as its positive and negative parts (8 channels of the width) and its last convolution mixes
 * them into colours; the encoder maps colours back through the mix's pseudo-inverse and samples
 * one pixel of each 8×8 cell. An image the decoder made goes through the encoder and back
 * within the proof's round-trip tolerance.
 */

/**
 * Latent channel → RGB; each row's magnitudes sum to 1/6, so a soft-clamped latent (|l| < 3)
 * keeps the image inside [-1, 1].
 */
const MIX = [
  [0.07, -0.03, 0.04, 0.02],
  [-0.02, 0.06, 0.03, -0.05],
  [0.03, 0.02, -0.07, 0.04],
].map((row) => row.map((v) => v / (6 * row.reduce((sum, x) => sum + Math.abs(x), 0))));

/** The mix's pseudo-inverse: RGB back to the 4 latent channels (4×3). */
const UNMIX = pseudoInverse3x4(MIX);

/** A 3×3 convolution that reads only the centre tap: `entries` are [out, in, weight]. */
function centreTaps(
  cout: number,
  cin: number,
  entries: Array<[number, number, number]>,
  bias: number[] = [],
): ConvValues {
  const weight = new Float32Array(cout * cin * 9);
  for (const [o, i, v] of entries) weight[(o * cin + i) * 9 + 4] = v;
  const b = new Float32Array(cout);
  bias.forEach((v, o) => (b[o] = v));
  return { weight, bias: b };
}

const LATENT = [0, 1, 2, 3];

function checkWidth(channels: number): void {
  if (channels < 8) throw new Error(`An inverse TAESD pair needs 8 channels, not ${channels}`);
}

/** Zero weights: a residual block whose inner path adds nothing. */
export function zeroConv(channels: number): ConvValues {
  return centreTaps(channels, channels, []);
}

/** Every channel passed through unchanged (stride 2: one pixel of each 2×2). */
export function identityConv(channels: number): ConvValues {
  return centreTaps(
    channels,
    channels,
    Array.from({ length: channels }, (_, c): [number, number, number] => [c, c, 1]),
  );
}

/** Decoder: each latent channel into its positive (channel i) and negative (4 + i) parts. */
export function splitLatentConv(channels: number): ConvValues {
  checkWidth(channels);
  return centreTaps(
    channels,
    4,
    LATENT.flatMap((i): Array<[number, number, number]> => [
      [i, i, 1],
      [4 + i, i, -1],
    ]),
  );
}

/** Decoder: the parts mixed into colours around 0.5 (the graph maps [0, 1] to [-1, 1]). */
export function mixToImageConv(channels: number): ConvValues {
  checkWidth(channels);
  return centreTaps(
    3,
    channels,
    [0, 1, 2].flatMap((k) =>
      LATENT.flatMap((i): Array<[number, number, number]> => [
        [k, i, MIX[k]![i]!],
        [k, 4 + i, -MIX[k]![i]!],
      ]),
    ),
    [0.5, 0.5, 0.5],
  );
}

/** Encoder: the [0, 1] image less 0.5, unmixed into the latent channels' two parts. */
export function unmixToLatentConv(channels: number): ConvValues {
  checkWidth(channels);
  const centre = LATENT.map((i) => -0.5 * [0, 1, 2].reduce((s, k) => s + UNMIX[i]![k]!, 0));
  return centreTaps(
    channels,
    3,
    LATENT.flatMap((i) =>
      [0, 1, 2].flatMap((k): Array<[number, number, number]> => [
        [i, k, UNMIX[i]![k]!],
        [4 + i, k, -UNMIX[i]![k]!],
      ]),
    ),
    [...centre, ...centre.map((v) => -v)],
  );
}

/** Encoder: each latent channel from its two parts. */
export function mergeLatentConv(channels: number): ConvValues {
  checkWidth(channels);
  return centreTaps(
    4,
    channels,
    LATENT.flatMap((i): Array<[number, number, number]> => [
      [i, i, 1],
      [i, 4 + i, -1],
    ]),
  );
}
