import { Net, type ConvValues, type Precision } from './layers';
import type { TaesdWeights } from './taesd-decoder';
import { identityConv, mergeLatentConv, unmixToLatentConv, zeroConv } from './taesd-inverse';

export interface EncoderShape {
  /** Width of every convolution (64 in TAESD). */
  channels: number;
  /** Residual blocks after each of the three stride-2 downsamplings (3 in TAESD). */
  blocksPerStage: number;
  /** Scales the last convolution so the random latents spread about as TAESD's do (±3). */
  latentGain: number;
}

/**
 * TAESD's encoder as diffusers' AutoencoderTiny exports it (`deinferno/taesd-onnx`'s
 * `vae_encoder`): `sample` [batch_size, num_channels, height, width] float32 in [-1, 1] →
 * `latent_sample` [batch_size, 4, height_latent, width_latent]. The image is mapped to [0, 1],
 * then a convolution, a residual ReLU block, and three stages of a stride-2 convolution (no bias)
 * followed by residual blocks, and a last convolution to the 4 latent channels. `inverse`
 * weights invert the decoder's of the same name (at least 8 channels).
 */
export function buildTaesdEncoder(
  shape: EncoderShape,
  precision: Precision,
  seed: number,
  imageSide: number,
  weights: TaesdWeights = 'random',
): { model: Uint8Array; flops: number } {
  const net = new Net('vae_encoder', seed, precision);
  const { g } = net;
  const { channels: c, blocksPerStage } = shape;
  const image = net.floatInput('sample', ['batch_size', 'num_channels', 'height', 'width']);
  let side = imageSide;
  const conv = (
    x: string,
    cin: number,
    cout: number,
    options: { stride?: number; gain?: number; bias?: boolean; values?: ConvValues } = {},
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

  const unit = g.op('Div', [g.op('Add', [image, net.scalar(1)]), net.scalar(2)]);
  let h = block(conv(unit, 3, c, given(unmixToLatentConv)));
  for (let stage = 0; stage < 3; stage++) {
    side /= 2;
    h = conv(h, c, c, { stride: 2, bias: false, gain: 1, ...given(identityConv) });
    for (let i = 0; i < blocksPerStage; i++) h = block(h);
  }
  const latent = conv(h, c, 4, { gain: shape.latentGain, ...given(mergeLatentConv) });
  net.floatOutput(latent, 'latent_sample', ['batch_size', 4, 'height_latent', 'width_latent']);
  return { model: g.encode(17), flops: net.flops };
}
