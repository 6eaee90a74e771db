import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import { DT, GraphBuilder } from '../../src/preview/onnx-builder';

/** Side of the square fp32 MatMul: 2·N³ = 17 GFLOP, large enough for MLAS's best kernel. */
const N = 2048;

/**
 * The cores' measured matrix throughput through the same runtime: the best of `runs` products
 * of two N×N float32 matrices, in GFLOP/s.
 */
export async function measureMatMul(dir: string, threads: number, runs = 4): Promise<number> {
  const g = new GraphBuilder('matmul');
  g.op('MatMul', [g.input('a', DT.float, [N, N]), g.input('b', DT.float, [N, N])], {}, 'c');
  g.output('c', DT.float, [N, N]);
  const path = join(dir, 'matmul.onnx');
  await writeFile(path, g.encode());
  const session = await ort.InferenceSession.create(path, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
  });
  const values = Float32Array.from({ length: N * N }, (_, i) => Math.sin(i) * 0.5);
  const feeds = {
    a: new ort.Tensor('float32', values, [N, N]),
    b: new ort.Tensor('float32', values, [N, N]),
  };
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await session.run(feeds);
    best = Math.min(best, performance.now() - started);
  }
  await session.release();
  return (2 * N ** 3) / (best / 1000) / 1e9;
}
