import { createImageGenerator } from '../src/create-image-generator';
import { median } from './stats';

export interface PreviewCost {
  label: string;
  /** Median total ms without and with `onPreview`. */
  plain: number;
  previewed: number;
  /** Frames the engine sent per image (median). */
  frames: number;
  /** What each frame adds: the difference over the frames sent (0 when none was sent). */
  perFrame: number;
}

/**
 * The live preview's cost on an installed ONNX model: the same multi-step image with and without
 * `onPreview`, alternated so both see the same machine load, at the engine's default share of
 * the image for frames (`share` undefined) or another (1: every frame).
 */
export async function benchPreview(
  modelsDir: string,
  model: string,
  runs: number,
  share?: number,
  steps = 4,
): Promise<PreviewCost> {
  const generator = await createImageGenerator({
    backend: 'onnx',
    modelsDir,
    model,
    livePreviewShare: share,
  });
  await generator.warmup();
  const request = { prompt: 'a lighthouse at dusk', width: 512, height: 512, steps };
  const plain: number[] = [];
  const previewed: number[] = [];
  const frames: number[] = [];
  for (let i = 0; i < runs; i++) {
    plain.push((await generator.generate({ ...request, seed: i })).timings.total);
    let sent = 0;
    const shown = await generator.generate({ ...request, seed: i }, { onPreview: () => sent++ });
    previewed.push(shown.timings.total);
    frames.push(sent);
  }
  await generator.close();
  const [without, withPreview, sentFrames] = [median(plain), median(previewed), median(frames)];
  return {
    label: `${model} 512×512, ${steps} steps, ${share === undefined ? 'the default share' : `share ${share}`}`,
    plain: without,
    previewed: withPreview,
    frames: sentFrames,
    perFrame: sentFrames > 0 ? (withPreview - without) / sentFrames : 0,
  };
}
