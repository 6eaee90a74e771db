import { Net, type ConvValues, type Precision } from './layers';
import { identityConv, mixToImageConv, splitLatentConv, zeroConv } from './taesd-inverse';

/** Seeded random weights, or a pair built as each other's inverse (`taesd-inverse.ts`). */
export type TaesdWeights = 'random' | 'inverse';

export interface DecoderShape {
  /** Width of every convolution (64 in TAESD). */
  channels: number;
  /** Residual blocks before each of the three upsamplings (3 in TAESD). */
  blocksPerStage: number;
  /** Scales the last convolution so the random image stays mostly inside [-1, 1]. */
  outputGain: number;
}

/**
 * TAESD's decoder as diffusers' AutoencoderTiny exports it: `latent_sample`
 * [batch_size, 4, height, width] → `sample` [batch_size, 3, 8·height, 8·width], soft-clamped
 * input (tanh(x/3)·3), residual ReLU conv blocks, three nearest ×2 upsamplings, and the [0, 1]
 * image mapped to [-1, 1]. No normalisation anywhere, as in TAESD. `inverse` weights are those
 * the encoder of the same name inverts (at least 8 channels).
 */
export function buildTaesdDecoder(
  shape: DecoderShape,
  precision: Precision,
  seed: number,
  latentSide: number,
  weights: TaesdWeights = 'random',
): { model: Uint8Array; flops: number } {
  const net = new Net('vae_decoder', seed, precision);
  const { g } = net;
  const { channels: c, blocksPerStage } = shape;
  const latent = net.floatInput('latent_sample', ['batch_size', 4, 'height', 'width']);
  let side = latentSide;
  const conv = (
    x: string,
    cin: number,
    cout: number,
    options: { gain?: number; bias?: boolean; biasOffset?: number; values?: ConvValues } = {},
  ) => net.conv(x, cin, cout, { pixelsOut: side * side, gain: Math.SQRT2, ...options });
  const given = (values: (channels: number) => ConvValues) =>
    weights === 'inverse' ? { values: values(c) } : {};
  const relu = (x: string) => g.op('Relu', [x]);
  const block = (x: string) => {
    const zero = given(zeroConv);
    const inner = conv(relu(conv(relu(conv(x, c, c, zero)), c, c, zero)), c, c, {
      gain: 0.5,
      ...zero,
    });
    return relu(g.op('Add', [inner, x]));
  };

  const clamped = g.op('Mul', [
    g.op('Tanh', [g.op('Div', [latent, net.scalar(3)])]),
    net.scalar(3),
  ]);
  let h = relu(conv(clamped, 4, c, given(splitLatentConv)));
  for (let stage = 0; stage < 3; stage++) {
    for (let i = 0; i < blocksPerStage; i++) h = block(h);
    side *= 2;
    const up = g.op('Resize', [h, '', g.floats([1, 1, 2, 2], [4])], { mode: 'nearest' });
    h = conv(up, c, c, { bias: false, gain: 1, ...given(identityConv) });
  }
  // A trained TAESD centres its image near 0.5 before the mapping to [-1, 1].
  h = conv(block(h), c, 3, {
    gain: shape.outputGain,
    biasOffset: 0.5,
    ...given(mixToImageConv),
  });
  const image = g.op('Sub', [g.op('Mul', [h, net.scalar(2)]), net.scalar(1)]);
  net.floatOutput(image, 'sample', ['batch_size', 3, 'height_out', 'width_out']);
  return { model: g.encode(17), flops: net.flops };
}
