import { DT, GraphBuilder } from '../../src/preview/onnx-builder';
import { PALETTE, PALETTE_BIAS } from '../../src/preview/preview-graphs';

/**
 * The preview model's decoder as an export that gives its image in [0, 1] would be (fp32): the
 * same palette and upsampling, the [-1, 1] image mapped to [0, 1] before it leaves.
 */
export function buildZeroToOneDecoder(): Uint8Array {
  const g = new GraphBuilder('vae_decoder');
  const latent = g.input('latent_sample', DT.float, ['batch', 4, 'height', 'width']);
  const rgb = g.op('Conv', [latent, g.floats(PALETTE, [3, 4, 1, 1]), g.floats(PALETTE_BIAS, [3])]);
  const up = g.op('Resize', [rgb, '', g.floats([1, 1, 8, 8], [4])], { mode: 'linear' });
  const image = g.op('Tanh', [up]);
  const one = g.floats([1], [1]);
  g.op('Mul', [g.op('Add', [image, one]), g.floats([0.5], [1])], {}, 'sample');
  g.output('sample', DT.float, ['batch', 3, 'out_height', 'out_width']);
  return g.encode();
}
