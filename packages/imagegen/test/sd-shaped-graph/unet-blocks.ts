import { DT } from '../../src/preview/onnx-builder';
import type { Net } from './layers';

export interface UnetShape {
  /** Channels per resolution level, highest resolution first (320/640/1280/1280 for SD 2.1). */
  channels: number[];
  /** Levels with a cross-attention transformer after each res block. */
  attention: boolean[];
  resBlocksPerLevel: number;
  groups: number;
  /** Width of one attention head (64 in SD 2.1); unused when `heads` is set. */
  headDim: number;
  /** A fixed number of heads at every width (8 in SD 1.x), instead of a fixed head width. */
  heads?: number;
  /** Whether the UNet has its middle block (res, transformer, res); pruned UNets drop it. */
  middleBlock: boolean;
  /** Width of `encoder_hidden_states` (the text encoder's width). */
  contextDim: number;
  /** Tokens of `encoder_hidden_states` at the nominal size, for the FLOP count. */
  contextTokens: number;
}

/** What every block reads: the graph, the shape, the time embedding and the text context. */
export interface UnetScope {
  net: Net;
  shape: UnetShape;
  timeEmbedding: string;
  timeDim: number;
  context: string;
}

/**
 * The sinusoidal timestep embedding as diffusers computes it (float32, cos before sin), cast to
 * the graph's precision, then the two-layer MLP: [steps] int64 → [steps, timeDim].
 */
export function timeEmbedding(net: Net, timestep: string, baseChannels: number): string {
  const { g } = net;
  const half = baseChannels / 2;
  const frequencies = Float32Array.from({ length: half }, (_, i) =>
    Math.exp((-Math.log(10000) * i) / half),
  );
  const angles = g.op('Mul', [
    g.op('Unsqueeze', [g.op('Cast', [timestep], { to: DT.float }), g.ints64([1])]),
    g.floats(frequencies, [1, half]),
  ]);
  const sinusoid = g.op(
    'Cast',
    [g.op('Concat', [g.op('Cos', [angles]), g.op('Sin', [angles])], { axis: 1 })],
    {
      to: net.floatType,
    },
  );
  const timeDim = 4 * baseChannels;
  const hidden = net.silu(net.linear(sinusoid, baseChannels, timeDim, 1));
  return net.linear(hidden, timeDim, timeDim, 1);
}

/** GroupNorm → SiLU → conv, plus the time embedding, twice; 1×1 conv on the skip if widths differ. */
export function resBlock(
  scope: UnetScope,
  x: string,
  cin: number,
  cout: number,
  pixels: number,
): string {
  const { net, shape } = scope;
  const { g } = net;
  let h = net.conv(net.silu(net.groupNorm(x, cin, shape.groups)), cin, cout, {
    pixelsOut: pixels,
  });
  const time = net.linear(net.silu(scope.timeEmbedding), scope.timeDim, cout, 1);
  h = g.op('Add', [h, g.op('Unsqueeze', [time, g.ints64([2, 3])])]);
  h = net.conv(net.silu(net.groupNorm(h, cout, shape.groups)), cout, cout, {
    pixelsOut: pixels,
    gain: 0.5,
  });
  const skip = cin === cout ? x : net.conv(x, cin, cout, { kernel: 1, pixelsOut: pixels });
  return g.op('Add', [h, skip]);
}

/**
 * SD 2.1's Transformer2DModel (linear projections): GroupNorm, tokens = pixels, one block of
 * self-attention, cross-attention on the text and a GEGLU feed-forward, back to [b, C, h, w].
 */
export function transformer(scope: UnetScope, x: string, channels: number, pixels: number): string {
  const { net, shape, context } = scope;
  const { g } = net;
  const heads = shape.heads ?? channels / shape.headDim;
  const normed = net.groupNorm(x, channels, shape.groups, 1e-6);
  const tokens = g.op('Transpose', [g.op('Reshape', [normed, g.ints64([0, channels, -1])])], {
    perm: [0, 2, 1],
  });
  let h = net.linear(tokens, channels, channels, pixels);
  const attend = (input: string, keyValue: string, kvDim: number, keys: number) =>
    net.attention({
      query: input,
      keyValue,
      dim: channels,
      kvDim,
      heads,
      queries: pixels,
      keys,
      projectionBias: false,
    });
  const selfIn = net.layerNorm(h, channels);
  h = g.op('Add', [h, attend(selfIn, selfIn, channels, pixels)]);
  h = g.op('Add', [
    h,
    attend(net.layerNorm(h, channels), context, shape.contextDim, shape.contextTokens),
  ]);
  const projected = net.linear(net.layerNorm(h, channels), channels, 8 * channels, pixels);
  const [value, gate] = ['a', 'b'].map((side) =>
    g.op('Slice', [
      projected,
      g.ints64([side === 'a' ? 0 : 4 * channels]),
      g.ints64([side === 'a' ? 4 * channels : 8 * channels]),
      g.ints64([-1]),
    ]),
  ) as [string, string];
  const fed = net.linear(g.op('Mul', [value, net.gelu(gate)]), 4 * channels, channels, pixels);
  h = g.op('Add', [h, fed]);
  const out = net.linear(h, channels, channels, pixels, true, 0.5);
  const back = g.op('Reshape', [g.op('Transpose', [out], { perm: [0, 2, 1] }), g.op('Shape', [x])]);
  return g.op('Add', [back, x]);
}
