import { DT } from '../../src/preview/onnx-builder';
import { Net, type Precision } from './layers';

export interface TextEncoderShape {
  vocabSize: number;
  /** Width of every token's hidden state (1024 for OpenCLIP ViT-H). */
  width: number;
  layers: number;
  heads: number;
  /** Positions the model knows; the tokenizer pads every prompt to this length. */
  maxPositions: number;
}

/** Large enough to push a masked score to zero after softmax, small enough for float16. */
const MASKED = -1e4;

/**
 * A CLIP text transformer as Optimum exports it: `input_ids` int32 [batch_size, sequence_length]
 * → `last_hidden_state` [batch_size, sequence_length, width] and `pooler_output`
 * [batch_size, width] (the hidden state at the end-of-text token, the highest id). Pre-norm
 * layers with causal self-attention and a QuickGELU MLP.
 */
export function buildTextEncoder(
  shape: TextEncoderShape,
  precision: Precision,
  seed: number,
): { model: Uint8Array; flops: number } {
  const { vocabSize, width, layers, heads, maxPositions } = shape;
  const net = new Net('text_encoder', seed, precision);
  const { g } = net;
  const ids = g.input('input_ids', DT.int32, ['batch_size', 'sequence_length']);
  const length = g.op('Slice', [g.op('Shape', [ids]), g.ints64([1]), g.ints64([2])]);
  const tokens = g.op('Gather', [net.weight([vocabSize, width], 1), ids], { axis: 0 });
  const positions = g.op('Slice', [
    net.weight([maxPositions, width], 0.5),
    g.ints64([0]),
    length,
    g.ints64([0]),
  ]);
  const causal = Float32Array.from({ length: maxPositions * maxPositions }, (_, i) =>
    i % maxPositions > Math.floor(i / maxPositions) ? MASKED : 0,
  );
  const fullMask =
    precision === 'fp16'
      ? g.halves(causal, [maxPositions, maxPositions])
      : g.floats(causal, [maxPositions, maxPositions]);
  const mask = g.op('Slice', [
    fullMask,
    g.ints64([0, 0]),
    g.op('Concat', [length, length], { axis: 0 }),
    g.ints64([0, 1]),
  ]);

  let x = g.op('Add', [tokens, positions]);
  const rows = maxPositions;
  for (let layer = 0; layer < layers; layer++) {
    const normed = net.layerNorm(x, width);
    const attended = net.attention({
      query: normed,
      keyValue: normed,
      dim: width,
      kvDim: width,
      heads,
      queries: rows,
      keys: rows,
      projectionBias: true,
      mask,
    });
    x = g.op('Add', [x, attended]);
    const hidden = net.quickGelu(net.linear(net.layerNorm(x, width), width, 4 * width, rows));
    x = g.op('Add', [x, net.linear(hidden, 4 * width, width, rows, true, 0.5)]);
  }
  const last = net.layerNorm(x, width);
  net.floatOutput(last, 'last_hidden_state', ['batch_size', 'sequence_length', width]);

  const isEnd = g.op('Equal', [ids, g.op('ReduceMax', [ids], { axes: [1], keepdims: 1 })]);
  const pick = g.op('Cast', [isEnd], { to: net.floatType });
  const weights = g.op('Div', [pick, g.op('ReduceSum', [pick, g.ints64([1])], { keepdims: 1 })]);
  const pooled = g.op('MatMul', [g.op('Unsqueeze', [weights, g.ints64([1])]), last]);
  net.floatOutput(g.op('Squeeze', [pooled, g.ints64([1])]), 'pooler_output', ['batch_size', width]);
  return { model: g.encode(17), flops: net.flops };
}
