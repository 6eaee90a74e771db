import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { quantizeMatMulWeights } from '../../src/onnx/quantize-weights';
import { widenFloat16Model } from '../../src/onnx/widen-float16';
import {
  SD_SHAPED_GRAPHS,
  type SdShape,
  type SdStage,
} from '../../test/sd-shaped-graph/sd-shaped-model';

export type Variant = 'fp16' | 'fp32' | 'int8';

export interface BuiltModel {
  /** Folder per variant: `fp16` as exported, `fp32` widened and `int8` quantised by pull's code. */
  dirs: Record<Variant, string>;
  flops: Record<SdStage, number>;
  buildSeconds: number;
}

/** The stages `pull --weights int8` quantises (the decoder is convolutions only). */
export const QUANTISED_STAGES: SdStage[] = ['encode', 'denoise'];

const pathOf = (stage: SdStage) => SD_SHAPED_GRAPHS.find((g) => g.stage === stage)?.path ?? '';

/**
 * Builds the SD-shaped graphs at `shape` into `root`: the fp16 export, its copy widened as pull
 * widens it, and a copy of that with the text encoder's and UNet's weight MatMuls quantised as
 * `pull --weights int8` stores them.
 */
export async function buildRealShapes(root: string, shape: SdShape): Promise<BuiltModel> {
  const started = performance.now();
  const dirs = { fp16: join(root, 'fp16'), fp32: join(root, 'fp32'), int8: join(root, 'int8') };
  const flops = { encode: 0, denoise: 0, decode: 0 };
  for (const graph of SD_SHAPED_GRAPHS) {
    // One graph in memory at a time: the fp16 UNet alone is 1.7 GB.
    const built = graph.build(shape, 1);
    flops[graph.stage] = built.flops;
    await mkdir(dirname(join(dirs.fp16, graph.path)), { recursive: true });
    await writeFile(join(dirs.fp16, graph.path), built.model);
  }
  await cp(dirs.fp16, dirs.fp32, { recursive: true });
  for (const stage of QUANTISED_STAGES) await widenFloat16Model(dirs.fp32, pathOf(stage));
  await cp(dirs.fp32, dirs.int8, { recursive: true });
  for (const stage of QUANTISED_STAGES) await quantizeMatMulWeights(dirs.int8, pathOf(stage));
  return { dirs, flops, buildSeconds: (performance.now() - started) / 1000 };
}
