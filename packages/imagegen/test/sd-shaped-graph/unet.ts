import { DT } from '../../src/preview/onnx-builder';
import { Net, type Precision } from './layers';
import {
  resBlock,
  timeEmbedding,
  transformer,
  type UnetScope,
  type UnetShape,
} from './unet-blocks';

export type { UnetShape } from './unet-blocks';

/**
 * A UNet2DConditionModel as Optimum exports it: `sample` [batch_size, 4, height, width],
 * `timestep` int64 [steps], `encoder_hidden_states` [batch_size, sequence_length, contextDim]
 * → `out_sample`. Down levels of res blocks (and transformers) with stride-2 convolutions, a
 * middle block, up levels that concatenate the skips and upsample by nearest-neighbour + conv.
 * `latentSide` is the nominal latent size the FLOP count is for (64 for a 512×512 image).
 */
export function buildUnet(
  shape: UnetShape,
  precision: Precision,
  seed: number,
  latentSide: number,
): { model: Uint8Array; flops: number } {
  const net = new Net('unet', seed, precision);
  const { g } = net;
  const { channels, attention, resBlocksPerLevel } = shape;
  const spatial = ['batch_size', 4, 'height', 'width'];
  const sample = net.floatInput('sample', spatial);
  const timestep = g.input('timestep', DT.int64, ['steps']);
  const context = net.floatInput('encoder_hidden_states', [
    'batch_size',
    'sequence_length',
    shape.contextDim,
  ]);
  const base = channels[0] as number;
  const scope: UnetScope = {
    net,
    shape,
    timeEmbedding: timeEmbedding(net, timestep, base),
    timeDim: 4 * base,
    context,
  };

  let side = latentSide;
  let h = net.conv(sample, 4, base, { pixelsOut: side * side });
  let width = base;
  const skips: Array<{ value: string; channels: number }> = [{ value: h, channels: base }];
  channels.forEach((levelChannels, level) => {
    for (let i = 0; i < resBlocksPerLevel; i++) {
      h = resBlock(scope, h, width, levelChannels, side * side);
      width = levelChannels;
      if (attention[level]) h = transformer(scope, h, width, side * side);
      skips.push({ value: h, channels: width });
    }
    if (level < channels.length - 1) {
      side /= 2;
      h = net.conv(h, width, width, { stride: 2, pixelsOut: side * side });
      skips.push({ value: h, channels: width });
    }
  });

  if (shape.middleBlock) {
    h = resBlock(scope, h, width, width, side * side);
    h = transformer(scope, h, width, side * side);
    h = resBlock(scope, h, width, width, side * side);
  }

  [...channels].reverse().forEach((levelChannels, reversed) => {
    const level = channels.length - 1 - reversed;
    for (let i = 0; i <= resBlocksPerLevel; i++) {
      const skip = skips.pop();
      if (!skip) throw new Error('UNet skip connections out of step');
      h = g.op('Concat', [h, skip.value], { axis: 1 });
      h = resBlock(scope, h, width + skip.channels, levelChannels, side * side);
      width = levelChannels;
      if (attention[level]) h = transformer(scope, h, width, side * side);
    }
    if (level > 0) {
      side *= 2;
      const up = g.op('Resize', [h, '', g.floats([1, 1, 2, 2], [4])], { mode: 'nearest' });
      h = net.conv(up, width, width, { pixelsOut: side * side });
    }
  });

  const out = net.conv(net.silu(net.groupNorm(h, width, shape.groups)), width, 4, {
    pixelsOut: side * side,
  });
  net.floatOutput(out, 'out_sample', spatial);
  return { model: g.encode(17), flops: net.flops };
}
