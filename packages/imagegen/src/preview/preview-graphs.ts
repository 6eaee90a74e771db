import { createRng } from '../util/random';
import { DT, GraphBuilder } from './onnx-builder';
import { pseudoInverse3x4 } from './pseudo-inverse';

export const PREVIEW_HIDDEN = 32;
export const PREVIEW_SEQUENCE = 77;

export type PreviewPrecision = 'fp32' | 'fp16';

function randomWeights(seed: number, length: number, scale: number): Float32Array {
  const rng = createRng(seed);
  return Float32Array.from({ length }, () => (rng() * 2 - 1) * scale);
}

/** Float inputs/outputs in the precision an export of that kind declares; maths stays fp32. */
function io(precision: PreviewPrecision) {
  return precision === 'fp16' ? DT.float16 : DT.float;
}

function castIn(g: GraphBuilder, name: string, precision: PreviewPrecision): string {
  return precision === 'fp16' ? g.op('Cast', [name], { to: DT.float }) : name;
}

function castOut(g: GraphBuilder, value: string, name: string, precision: PreviewPrecision): void {
  if (precision === 'fp16') g.op('Cast', [value], { to: DT.float16 }, name);
  else g.op('Identity', [value], {}, name);
}

/** CLIP-text-encoder-shaped graph: input_ids int32 [batch, sequence] → last_hidden_state. */
export function buildTextEncoder(
  vocabSize: number,
  padId: number,
  precision: PreviewPrecision,
): Uint8Array {
  const g = new GraphBuilder('text_encoder');
  const D = PREVIEW_HIDDEN;
  const ids = g.input('input_ids', DT.int32, ['batch', 'sequence']);
  const table = g.floats(randomWeights(1, vocabSize * D, 1), [vocabSize, D]);
  const positions = g.floats(randomWeights(2, PREVIEW_SEQUENCE * D, 0.1), [PREVIEW_SEQUENCE, D]);
  const mix = g.floats(randomWeights(3, D * D, 0.5), [D, D]);
  const embedded = g.op('Add', [g.op('Gather', [table, ids], { axis: 0 }), positions]);
  // Padding is zeroed so the few prompt tokens, not 70 identical pads, steer the picture.
  const isPad = g.op('Equal', [ids, g.ints32([padId])]);
  const keep = g.op('Unsqueeze', [
    g.op('Cast', [g.op('Not', [isPad])], { to: DT.float }),
    g.ints64([2]),
  ]);
  const hidden = g.op('Mul', [g.op('Tanh', [g.op('MatMul', [embedded, mix])]), keep]);
  castOut(g, hidden, 'last_hidden_state', precision);
  castOut(g, g.op('ReduceMean', [hidden], { axes: [1], keepdims: 0 }), 'pooler_output', precision);
  g.output('last_hidden_state', io(precision), ['batch', 'sequence', D]);
  g.output('pooler_output', io(precision), ['batch', D]);
  return g.encode();
}

/**
 * UNet-shaped graph (sample, timestep, encoder_hidden_states → out_sample). It predicts
 * "noise" = sample − 0.1·tanh(smooth(sample)·gain(text) + bias(text) + t/1000), so one Euler step
 * from sigma≈14.6 leaves smooth, prompt-tinted blobs that follow the seed's noise.
 */
export function buildUnet(precision: PreviewPrecision): Uint8Array {
  const g = new GraphBuilder('unet');
  const D = PREVIEW_HIDDEN;
  const sample = castIn(
    g,
    g.input('sample', io(precision), ['batch', 4, 'height', 'width']),
    precision,
  );
  const timestep = castIn(g, g.input('timestep', io(precision), ['steps']), precision);
  const text = castIn(
    g,
    g.input('encoder_hidden_states', io(precision), ['batch', 'sequence', D]),
    precision,
  );
  const context = g.op('ReduceSum', [text, g.ints64([1])], { keepdims: 0 });
  const toChannels = g.ints64([-1, 4, 1, 1]);
  const bias = g.op('Reshape', [
    g.op('MatMul', [context, g.floats(randomWeights(4, D * 4, 0.25), [D, 4])]),
    toChannels,
  ]);
  const gainLogit = g.op('MatMul', [context, g.floats(randomWeights(5, D * 4, 0.4), [D, 4])]);
  const gain = g.op('Reshape', [
    g.op('Add', [g.op('Sigmoid', [gainLogit]), g.floats([0.75], [1])]),
    toChannels,
  ]);
  const blur = Float32Array.from({ length: 4 * 4 * 5 * 5 }, (_, i) => {
    const [o, c, y, x] = [
      Math.floor(i / 100),
      Math.floor(i / 25) % 4,
      Math.floor(i / 5) % 5,
      i % 5,
    ];
    const spatial = Math.exp(-((y - 2) ** 2 + (x - 2) ** 2) / 4);
    return (o === c ? 0.35 : 0.12) * spatial;
  });
  const conv = (input: string, weights: Float32Array) =>
    g.op('Conv', [input, g.floats(weights, [4, 4, 5, 5])], { pads: [2, 2, 2, 2] });
  const smooth = conv(g.op('Tanh', [conv(sample, blur)]), blur);
  const tTerm = g.op('Reshape', [
    g.op('Div', [timestep, g.floats([1000], [1])]),
    g.ints64([-1, 1, 1, 1]),
  ]);
  const shaped = g.op('Tanh', [
    g.op('Add', [g.op('Add', [g.op('Mul', [smooth, gain]), bias]), tTerm]),
  ]);
  const noise = g.op('Sub', [sample, g.op('Mul', [shaped, g.floats([0.1], [1])])]);
  castOut(g, noise, 'out_sample', precision);
  g.output('out_sample', io(precision), ['batch', 4, 'height', 'width']);
  return g.encode();
}

/** The decoder's 1×1 mix of the 4 latent channels into RGB (3×4, row-major), and its bias. */
export const PALETTE = [0.9, -0.4, 0.3, 0.5, -0.2, 0.8, -0.6, 0.4, 0.1, 0.7, 0.5, -0.8].map(
  (v) => v * 0.18215 * 0.6,
);
export const PALETTE_BIAS = [0.1, 0, -0.1];

/** VAE-decoder-shaped graph: latent_sample [b,4,h,w] → sample [b,3,8h,8w] in [-1, 1]. */
export function buildDecoder(precision: PreviewPrecision): Uint8Array {
  const g = new GraphBuilder('vae_decoder');
  const latent = castIn(
    g,
    g.input('latent_sample', io(precision), ['batch', 4, 'height', 'width']),
    precision,
  );
  const rgb = g.op('Conv', [latent, g.floats(PALETTE, [3, 4, 1, 1]), g.floats(PALETTE_BIAS, [3])]);
  const up = g.op('Resize', [rgb, '', g.floats([1, 1, 8, 8], [4])], { mode: 'linear' });
  castOut(g, g.op('Tanh', [up]), 'sample', precision);
  g.output('sample', io(precision), ['batch', 3, 'out_height', 'out_width']);
  return g.encode();
}

/**
 * VAE-encoder-shaped graph, the decoder's inverse: sample [b,3,8h,8w] in [-1, 1] →
 * latent_sample [b,4,h,w]. It undoes the tanh (clipped short of ±1), averages each 8×8 cell and
 * maps RGB back to the latent channels, so a decoded image round-trips closely.
 */
export function buildEncoder(precision: PreviewPrecision): Uint8Array {
  const g = new GraphBuilder('vae_encoder');
  const image = castIn(
    g,
    g.input('sample', io(precision), ['batch', 3, 'height', 'width']),
    precision,
  );
  const x = g.op('Clip', [image, g.floats([-0.995], []), g.floats([0.995], [])]);
  const one = g.floats([1], [1]);
  const ratio = g.op('Div', [g.op('Add', [one, x]), g.op('Sub', [one, x])]);
  const atanh = g.op('Mul', [g.op('Log', [ratio]), g.floats([0.5], [1])]);
  const cells = g.op('AveragePool', [atanh], { kernel_shape: [8, 8], strides: [8, 8] });
  const rows = [0, 1, 2].map((o) => PALETTE.slice(o * 4, o * 4 + 4));
  const inverse = pseudoInverse3x4(rows).flat();
  const bias = [0, 1, 2, 3].map(
    (i) => -[0, 1, 2].reduce((sum, c) => sum + inverse[i * 3 + c]! * PALETTE_BIAS[c]!, 0),
  );
  const latent = g.op('Conv', [cells, g.floats(inverse, [4, 3, 1, 1]), g.floats(bias, [4])]);
  castOut(g, latent, 'latent_sample', precision);
  g.output('latent_sample', io(precision), ['batch', 4, 'height_latent', 'width_latent']);
  return g.encode();
}
