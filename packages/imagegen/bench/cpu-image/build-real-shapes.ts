import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { widenFloat16Model } from '../../src/onnx/widen-float16';
import {
  SD_SHAPED_GRAPHS,
  type SdShape,
  type SdStage,
} from '../../src/testing/sd-shaped-graph/sd-shaped-model';

export type Variant = 'fp16' | 'fp32' | 'int8';

export interface BuiltModel {
  /** Folder per variant: `fp16` as exported, `fp32` widened by pull's own code, `int8` weights. */
  dirs: Record<Variant, string>;
  flops: Record<SdStage, number>;
  buildSeconds: number;
}

async function writeGraphs(
  dir: string,
  shape: SdShape,
  int8: boolean,
  flops?: Record<SdStage, number>,
) {
  // The int8 copy is timed on the UNet step only.
  for (const graph of SD_SHAPED_GRAPHS.filter((g) => !int8 || g.stage === 'denoise')) {
    // One graph in memory at a time: the fp16 UNet alone is 1.7 GB.
    const built = graph.build(shape, 1, { int8Weights: int8 });
    if (flops) flops[graph.stage] = built.flops;
    await mkdir(dirname(join(dir, graph.path)), { recursive: true });
    await writeFile(join(dir, graph.path), built.model);
  }
}

/**
 * Builds the SD-shaped graphs at `shape` into `root`: the fp16 export, its widened copy, and a
 * UNet whose weight MatMuls are int8 (DynamicQuantizeMatMul), widened the same way.
 */
export async function buildRealShapes(
  root: string,
  shape: SdShape,
  withInt8: boolean,
): Promise<BuiltModel> {
  const started = performance.now();
  const dirs = { fp16: join(root, 'fp16'), fp32: join(root, 'fp32'), int8: join(root, 'int8') };
  const flops = { encode: 0, denoise: 0, decode: 0 };
  await writeGraphs(dirs.fp16, shape, false, flops);
  await cp(dirs.fp16, dirs.fp32, { recursive: true });
  const widened = SD_SHAPED_GRAPHS.filter((g) => g.stage !== 'decode').map((g) => g.path);
  for (const path of widened) await widenFloat16Model(dirs.fp32, path);
  if (withInt8) {
    await writeGraphs(dirs.int8, shape, true);
    await widenFloat16Model(dirs.int8, 'unet/model.onnx');
  }
  return { dirs, flops, buildSeconds: (performance.now() - started) / 1000 };
}
