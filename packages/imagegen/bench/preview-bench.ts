import { createImageGenerator } from '../src/create-image-generator';
import { median } from './stats';

export interface PreviewCost {
  label: string;
  /** Median total ms without and with `onPreview`. */
  plain: number;
  previewed: number;
  /** What each preview adds: the difference over the steps - 1 previews sent. */
  perStep: number;
}

/**
 * The live preview's cost per denoising step on an installed ONNX model: the same multi-step
 * image with and without `onPreview`, alternated so both see the same machine load.
 */
export async function benchPreview(
  modelsDir: string,
  model: string,
  runs: number,
  steps = 4,
): Promise<PreviewCost> {
  const generator = await createImageGenerator({ backend: 'onnx', modelsDir, model });
  await generator.warmup();
  const request = { prompt: 'a lighthouse at dusk', width: 512, height: 512, steps };
  const plain: number[] = [];
  const previewed: number[] = [];
  for (let i = 0; i < runs; i++) {
    plain.push((await generator.generate({ ...request, seed: i })).timings.total);
    const shown = await generator.generate({ ...request, seed: i }, { onPreview: () => undefined });
    previewed.push(shown.timings.total);
  }
  await generator.close();
  const [without, withPreview] = [median(plain), median(previewed)];
  return {
    label: `${model} 512×512, ${steps} steps`,
    plain: without,
    previewed: withPreview,
    perStep: (withPreview - without) / (steps - 1),
  };
}
