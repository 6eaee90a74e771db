import { createImageGenerator } from '../src/create-image-generator';
import type { GeneratedImage } from '../src/types';
import { median } from './stats';

export const STAGES = ['tokenize', 'encode', 'denoise', 'decode', 'encode_png', 'total'] as const;

export interface StageRow {
  label: string;
  /** Median ms per stage, in `STAGES` order. */
  medians: number[];
  /** The last image made, reused as what the fake GPU servers send back. */
  sample: Buffer;
}

/** Median time per pipeline stage of an installed ONNX model, after a warm-up image. */
export async function benchModel(
  modelsDir: string,
  model: string,
  runs: number,
  size: number,
): Promise<StageRow> {
  const generator = await createImageGenerator({ backend: 'onnx', modelsDir, model });
  await generator.warmup();
  await generator.generate({ prompt: 'warm up', seed: 0, width: size, height: size });
  const results: GeneratedImage[] = [];
  for (let i = 0; i < runs; i++) {
    results.push(
      await generator.generate({
        prompt: 'a photo of a cat in a neon city at night',
        seed: i,
        width: size,
        height: size,
      }),
    );
  }
  await generator.close();
  return {
    label: `${model} ${size}×${size}, ${results[0]?.steps ?? 1} step(s)`,
    medians: STAGES.map((stage) => median(results.map((r) => r.timings[stage] ?? 0))),
    sample: results.at(-1)?.png ?? Buffer.alloc(0),
  };
}
