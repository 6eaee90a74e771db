import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { float32ToFloat16, float16ToFloat32, widenHalfBytes } from './float16';
import { widenFloat16Model } from './widen-float16';
import { DT, GraphBuilder } from '../preview/onnx-builder';
import { makeTempDir } from '../../test/helpers/temp-dir';

const OUT = 16;

/** An fp16 export in miniature: fp16 input, fp16 weights, an fp16 Constant and a Cast to fp16. */
function buildHalfModel(): Uint8Array {
  const g = new GraphBuilder('half');
  const x = g.input('x', DT.float16, [1, 4, 'h', 'w']);
  const weights = Array.from({ length: OUT * 4 * 9 }, (_, i) => Math.sin(i) * 0.2);
  const conv = g.op('Conv', [x, g.halves(weights, [OUT, 4, 3, 3])], { pads: [1, 1, 1, 1] });
  const bias = g.op('Cast', [g.floats([0.5], [1])], { to: DT.float16 });
  g.op('Add', [conv, bias], {}, 'y');
  g.output('y', DT.float16, [1, OUT, 'h', 'w']);
  return g.encode();
}

async function run(path: string, input: ort.Tensor): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(path, { executionProviders: ['cpu'] });
  try {
    const out = (await session.run({ x: input })).y as ort.Tensor;
    return out.type === 'float16'
      ? float16ToFloat32(out.data as Uint16Array)
      : (out.data as Float32Array);
  } finally {
    await session.release();
  }
}

describe('widenFloat16Model', () => {
  it('turns an fp16 model into an fp32 one with external weights that computes the same', async () => {
    const root = await makeTempDir();
    const path = join(root, 'unet/model.onnx');
    await mkdir(join(root, 'unet'));
    await writeFile(path, buildHalfModel());
    const values = Float32Array.from({ length: 4 * 64 }, (_, i) => Math.cos(i));
    const before = await run(
      path,
      new ort.Tensor('float16', float32ToFloat16(values), [1, 4, 8, 8]),
    );

    const result = await widenFloat16Model(root, 'unet/model.onnx');
    expect(result.files).toEqual(['unet/model.onnx', 'unet/model.onnx_data']);
    expect(result.widened).toBeGreaterThanOrEqual(1);
    expect((await stat(join(root, 'unet/model.onnx_data'))).size).toBeGreaterThanOrEqual(
      OUT * 4 * 9 * 4,
    );

    const model = onnxProto.onnx.ModelProto.decode(await readFile(path));
    const graph = model.graph!;
    expect(graph.initializer!.every((t) => t.dataType === DT.float)).toBe(true);
    expect(graph.input![0]!.type!.tensorType!.elemType).toBe(DT.float);
    expect(graph.output![0]!.type!.tensorType!.elemType).toBe(DT.float);
    const castTo = graph.node!.find((n) => n.opType === 'Cast')!.attribute![0]!.i;
    expect(Number(String(castTo))).toBe(DT.float);

    const after = await run(path, new ort.Tensor('float32', values, [1, 4, 8, 8]));
    expect(after.length).toBe(before.length);
    // fp16 arithmetic rounds; the widened model computes the same values more precisely.
    for (let i = 0; i < after.length; i++) expect(after[i]).toBeCloseTo(before[i] as number, 1);
  });

  it('streams a model larger than its read buffer, never reading more than the buffer at once', async () => {
    const root = await makeTempDir();
    const path = join(root, 'unet/model.onnx');
    await mkdir(join(root, 'unet'));
    // Weights of tens of kilobytes against a 4 KiB buffer: a whole-file read is many buffers.
    const g = new GraphBuilder('half');
    const x = g.input('x', DT.float16, [1, 32, 'h', 'w']);
    const weights = Array.from({ length: 64 * 32 * 9 }, (_, i) => Math.cos(i) * 0.05);
    g.op('Conv', [x, g.halves(weights, [64, 32, 3, 3])], { pads: [1, 1, 1, 1] }, 'y');
    g.output('y', DT.float16, [1, 64, 'h', 'w']);
    await writeFile(path, g.encode());
    const size = (await stat(path)).size;
    const chunkBytes = 4096;
    expect(size).toBeGreaterThan(8 * chunkBytes);

    const reads: number[] = [];
    await widenFloat16Model(root, 'unet/model.onnx', {
      chunkBytes,
      onRead: (bytes) => reads.push(bytes),
    });
    expect(Math.max(...reads)).toBeLessThanOrEqual(chunkBytes);
    // Every byte of the model came through the bounded reads (a whole-file read makes none).
    expect(reads.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(size);

    const model = onnxProto.onnx.ModelProto.decode(await readFile(path));
    const [weight] = model.graph!.initializer!;
    expect(weight!.dataType).toBe(DT.float);
    const data = await readFile(join(root, 'unet/model.onnx_data'));
    const offset = Number(weight!.externalData!.find((e) => e.key === 'offset')!.value);
    const widened = new Float32Array(data.buffer.slice(offset, offset + weights.length * 4));
    const expected = float16ToFloat32(float32ToFloat16(Float32Array.from(weights)));
    expect(widened).toEqual(expected);

    // Weights already in an external data file stream the same way, and keep their values.
    reads.length = 0;
    await widenFloat16Model(root, 'unet/model.onnx', {
      chunkBytes,
      onRead: (bytes) => reads.push(bytes),
    });
    expect(Math.max(...reads)).toBeLessThanOrEqual(chunkBytes);
    expect(reads.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(weights.length * 4);
    const again = onnxProto.onnx.ModelProto.decode(await readFile(path)).graph!.initializer![0]!;
    const at = Number(again.externalData!.find((e) => e.key === 'offset')!.value);
    const rewritten = await readFile(join(root, 'unet/model.onnx_data'));
    expect(new Float32Array(rewritten.buffer.slice(at, at + weights.length * 4))).toEqual(expected);
  });
});

describe('widenHalfBytes', () => {
  it('widens a piece that starts at an odd offset of its buffer', () => {
    const halves = float32ToFloat16(Float32Array.from([1.5, -2, 0.25]));
    const buffer = new Uint8Array(halves.byteLength + 1);
    buffer.set(new Uint8Array(halves.buffer), 1);
    const widened = widenHalfBytes(buffer.subarray(1));
    expect(new Float32Array(widened.buffer, widened.byteOffset, 3)).toEqual(
      Float32Array.from([1.5, -2, 0.25]),
    );
  });
});
