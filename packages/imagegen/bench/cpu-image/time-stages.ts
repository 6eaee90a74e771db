import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { readSessionPorts } from '../../src/onnx/session-io';
import { floatTensor, tensorToFloat32, timestepTensor } from '../../src/onnx/tensor-convert';
import {
  SD_SHAPED_GRAPHS,
  type SdShape,
  type SdStage,
} from '../../test/sd-shaped-graph/sd-shaped-model';
import { gaussianNoise } from '../../src/util/random';
import type { Variant } from './build-real-shapes';

export type OptimizationLevel = 'basic' | 'extended' | 'all';

export interface StageConfig {
  variant: Variant;
  threads: number;
  level: OptimizationLevel;
}

export interface StageTiming {
  stage: SdStage;
  loadMs: number;
  /** Every run in order: the first includes the runtime's first-call set-up. */
  runsMs: number[];
}

/**
 * Inputs a 512×512 one-step image gives each stage, in the dtypes the session declares; the
 * decoder's latent may be smaller (`latentSide` 32: a live-preview frame of 256×256).
 */
function feeds(
  stage: SdStage,
  session: ort.InferenceSession,
  shape: SdShape,
  latentSide = 64,
): Record<string, ort.Tensor> {
  const [first, second] = readSessionPorts(session).inputs;
  const side = stage === 'decode' ? latentSide : 64;
  const latent = (type: string) =>
    floatTensor(type, gaussianNoise(4 * side * side, 3), [1, 4, side, side]);
  if (stage === 'encode') {
    const { vocabSize } = shape.textEncoder;
    const ids = Int32Array.from({ length: 77 }, (_, i) =>
      i < 12 ? (i * 7919) % vocabSize : vocabSize - 1,
    );
    return { input_ids: new ort.Tensor('int32', ids, [1, 77]) };
  }
  if (stage === 'decode') return { latent_sample: latent(first?.type ?? 'float32') };
  const width = shape.unet.contextDim;
  return {
    sample: latent(first?.type ?? 'float32'),
    timestep: timestepTensor(second?.type ?? 'int64', 999, [1]),
    encoder_hidden_states: floatTensor(first?.type ?? 'float32', gaussianNoise(77 * width, 4), [
      1,
      77,
      width,
    ]),
  };
}

export interface OpenStage {
  loadMs: number;
  /** One run on the stage's 512×512 inputs, in ms. */
  run(): Promise<number>;
  /** One run's first output, as float32 (for the distance between two precisions). */
  output(): Promise<Float32Array>;
  release(): Promise<void>;
}

/** Opens one stage's session with `config`, ready to run on the inputs of a 512×512 image. */
export async function openStage(
  dir: string,
  stage: SdStage,
  shape: SdShape,
  config: StageConfig,
  latentSide?: number,
): Promise<OpenStage> {
  const graph = SD_SHAPED_GRAPHS.find((g) => g.stage === stage);
  if (!graph) throw new Error(`no graph for ${stage}`);
  const loading = performance.now();
  const session = await ort.InferenceSession.create(join(dir, graph.path), {
    executionProviders: ['cpu'],
    intraOpNumThreads: config.threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: config.level,
  });
  const loadMs = performance.now() - loading;
  const inputs = feeds(stage, session, shape, latentSide);
  return {
    loadMs,
    run: async () => {
      const started = performance.now();
      await session.run(inputs);
      return performance.now() - started;
    },
    output: async () => {
      const out = await session.run(inputs);
      return tensorToFloat32(out[session.outputNames[0] ?? ''] as ort.Tensor);
    },
    release: () => session.release(),
  };
}

/** Opens one stage, runs it `runs` times, releases it. */
export async function timeStage(
  dir: string,
  stage: SdStage,
  shape: SdShape,
  config: StageConfig,
  runs: number,
): Promise<StageTiming> {
  const open = await openStage(dir, stage, shape, config);
  const runsMs: number[] = [];
  try {
    for (let i = 0; i < runs; i++) runsMs.push(await open.run());
  } finally {
    await open.release();
  }
  return { stage, loadMs: open.loadMs, runsMs };
}
