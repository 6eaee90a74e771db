import { DT, GraphBuilder, type ElemType } from '../../src/preview/onnx-builder';
import { toHalfBits } from '../../src/onnx/float16';
import { createRng } from '../../src/util/random';

const LEVELS = 65_536;

export type Precision = 'fp16' | 'fp32';

/** A convolution's weights [cout, cin, k, k] and bias [cout] given rather than drawn. */
export interface ConvValues {
  weight: Float32Array;
  bias?: Float32Array;
}

/**
 * One graph under construction in the layout of a PyTorch export: every weight and activation
 * in the graph's precision (float16 for an fp16 export), with the operators `torch.onnx.export` emits at opset 17 (GroupNorm as
 * Reshape → InstanceNormalization → Reshape, GELU through Erf). `flops` counts the multiply-adds
 * (×2) of every MatMul, Conv and attention at the nominal size the caller passes along.
 */
export class Net {
  readonly g: GraphBuilder;
  flops = 0;
  private readonly rng: () => number;

  /** The ONNX element type of every float in the graph. */
  readonly floatType: ElemType;

  constructor(name: string, seed: number, precision: Precision) {
    this.g = new GraphBuilder(name);
    this.rng = createRng(seed);
    this.floatType = precision === 'fp16' ? DT.float16 : DT.float;
  }

  /** Seeded weights, uniform in ±scale around `offset`. */
  weight(dims: number[], scale: number, offset = 0): string {
    const length = dims.reduce((a, b) => a * b, 1);
    if (this.floatType === DT.float16 && length > LEVELS) {
      return this.g.raw(DT.float16, this.halfBits(length, scale, offset), dims);
    }
    const values = new Float32Array(length);
    for (let i = 0; i < length; i++) values[i] = offset + (this.rng() * 2 - 1) * scale;
    return this.floatType === DT.float16
      ? this.g.halves(values, dims)
      : this.g.floats(values, dims);
  }

  /**
   * Large fp16 tensors draw from 65,536 evenly spaced levels converted once: a full-size UNet
   * has close to a billion weights, too many to convert one by one.
   */
  private halfBits(length: number, scale: number, offset: number): Uint8Array {
    const table = new Uint16Array(LEVELS);
    for (let i = 0; i < LEVELS; i++)
      table[i] = toHalfBits(offset + ((2 * i + 1) / LEVELS - 1) * scale);
    const bits = new Uint16Array(length);
    for (let i = 0; i < length; i++) bits[i] = table[(this.rng() * LEVELS) | 0] as number;
    return new Uint8Array(bits.buffer);
  }

  /** Given values, in the graph's precision. */
  private given(values: Float32Array, dims: number[]): string {
    return this.floatType === DT.float16
      ? this.g.halves(values, dims)
      : this.g.floats(values, dims);
  }

  /** A constant of one value (broadcast by the operator that uses it). */
  scalar(value: number): string {
    return this.weight([1], 0, value);
  }

  op(type: string, inputs: string[], attributes: Record<string, number | number[]> = {}) {
    return this.g.op(type, inputs, attributes);
  }

  /** Variance-keeping (LeCun) scale for a layer reading `fanIn` values. */
  static scaleFor(fanIn: number, gain = 1): number {
    return gain * Math.sqrt(3 / fanIn);
  }

  /** x·W + b over the last axis; `rows` is how many vectors pass at the nominal size. */
  linear(x: string, inDim: number, outDim: number, rows: number, bias = true, gain = 1): string {
    this.flops += 2 * rows * inDim * outDim;
    const scale = Net.scaleFor(inDim, gain);
    const product = this.op('MatMul', [x, this.weight([inDim, outDim], scale)]);
    return bias ? this.op('Add', [product, this.weight([outDim], 0.02)]) : product;
  }

  conv(
    x: string,
    cin: number,
    cout: number,
    options: {
      kernel?: number;
      stride?: number;
      pixelsOut: number;
      bias?: boolean;
      gain?: number;
      /** Centre of the bias values (a trained layer's offset). */
      biasOffset?: number;
      /** Weights (and bias) to use instead of seeded random ones. */
      values?: ConvValues;
    },
  ): string {
    const { kernel = 3, stride = 1, pixelsOut, bias = true, gain = 1, biasOffset = 0 } = options;
    const { values } = options;
    this.flops += 2 * pixelsOut * cin * cout * kernel * kernel;
    const pad = Math.floor(kernel / 2);
    const dims = [cout, cin, kernel, kernel];
    const w = values
      ? this.given(values.weight, dims)
      : this.weight(dims, Net.scaleFor(cin * kernel * kernel, gain));
    const b = () =>
      values
        ? this.given(values.bias ?? new Float32Array(cout), [cout])
        : this.weight([cout], 0.02, biasOffset);
    // The bias is drawn after the weights, as before: the random graphs keep their values.
    const inputs = bias ? [x, w, b()] : [x, w];
    return this.op('Conv', inputs, {
      kernel_shape: [kernel, kernel],
      pads: [pad, pad, pad, pad],
      strides: [stride, stride],
    });
  }

  groupNorm(x: string, channels: number, groups: number, epsilon = 1e-5): string {
    const grouped = this.op('Reshape', [x, this.g.ints64([0, groups, -1])]);
    const normed = this.op(
      'InstanceNormalization',
      [grouped, this.weight([groups], 0, 1), this.weight([groups], 0)],
      { epsilon },
    );
    const back = this.op('Reshape', [normed, this.op('Shape', [x])]);
    const gamma = this.weight([channels, 1, 1], 0.1, 1);
    return this.op('Add', [this.op('Mul', [back, gamma]), this.weight([channels, 1, 1], 0.05)]);
  }

  layerNorm(x: string, dim: number): string {
    return this.op(
      'LayerNormalization',
      [x, this.weight([dim], 0.1, 1), this.weight([dim], 0.05)],
      {
        axis: -1,
        epsilon: 1e-5,
      },
    );
  }

  silu(x: string): string {
    return this.op('Mul', [x, this.op('Sigmoid', [x])]);
  }

  /** CLIP's activation: x·σ(1.702x). */
  quickGelu(x: string): string {
    return this.op('Mul', [x, this.op('Sigmoid', [this.op('Mul', [x, this.scalar(1.702)])])]);
  }

  /** Exact GELU as torch exports it: x·½(1 + erf(x/√2)). */
  gelu(x: string): string {
    const erf = this.op('Erf', [this.op('Mul', [x, this.scalar(Math.SQRT1_2)])]);
    return this.op('Mul', [
      this.op('Mul', [x, this.scalar(0.5)]),
      this.op('Add', [erf, this.scalar(1)]),
    ]);
  }

  /**
   * Multi-head attention of `query` [b, q, dim] over `keyValue` [b, kv, kvDim] (itself for
   * self-attention); `mask` is added to the scores. Counts the projections and both products.
   */
  attention(options: {
    query: string;
    keyValue: string;
    dim: number;
    kvDim: number;
    heads: number;
    queries: number;
    keys: number;
    projectionBias: boolean;
    mask?: string;
  }): string {
    const { query, keyValue, dim, kvDim, heads, queries, keys, projectionBias } = options;
    const headDim = dim / heads;
    const split = this.g.ints64([0, 0, heads, headDim]);
    const project = (x: string, inDim: number, rows: number, perm: number[]) =>
      this.op(
        'Transpose',
        [this.op('Reshape', [this.linear(x, inDim, dim, rows, projectionBias), split])],
        {
          perm,
        },
      );
    const q = project(query, dim, queries, [0, 2, 1, 3]);
    const k = project(keyValue, kvDim, keys, [0, 2, 3, 1]);
    const v = project(keyValue, kvDim, keys, [0, 2, 1, 3]);
    this.flops += 2 * 2 * queries * keys * dim;
    let scores = this.op('Mul', [this.op('MatMul', [q, k]), this.scalar(1 / Math.sqrt(headDim))]);
    if (options.mask) scores = this.op('Add', [scores, options.mask]);
    const mixed = this.op('MatMul', [this.op('Softmax', [scores], { axis: -1 }), v]);
    const merged = this.op('Reshape', [
      this.op('Transpose', [mixed], { perm: [0, 2, 1, 3] }),
      this.g.ints64([0, 0, dim]),
    ]);
    return this.linear(merged, dim, dim, queries);
  }

  floatInput(name: string, shape: Array<number | string>): string {
    return this.g.input(name, this.floatType, shape);
  }

  /** Names `value` as the graph output `name`. */
  floatOutput(value: string, name: string, shape: Array<number | string>): void {
    this.g.op('Identity', [value], {}, name);
    this.g.output(name, this.floatType, shape);
  }
}
