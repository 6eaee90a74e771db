import { DEFAULT_LIVE_PREVIEW_SHARE, PreviewBudget } from '../../src/onnx/preview-frames';
import type { SdShape } from '../../test/sd-shaped-graph/sd-shaped-model';
import { median } from '../stats';
import { openStage, type StageConfig } from './time-stages';

export interface PreviewCost {
  /** One frame decoded from the full 64×64 latent and from the latent pooled to 32×32 (256 px). */
  fullFrameMs: number;
  pooledFrameMs: number;
  /** Frames the budget lets through, and their share of the image, for each step count. */
  images: Array<{ steps: number; imageMs: number; frames: number; share: number }>;
}

async function frameMs(dir: string, shape: SdShape, config: StageConfig, side: number) {
  const open = await openStage(dir, 'decode', shape, config, side);
  try {
    await open.run();
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(await open.run());
    return median(runs);
  } finally {
    await open.release();
  }
}

/**
 * What live-preview frames cost an image of these stage times: a frame's decode measured at the
 * full and the preview size, and the frames the engine's budget (the pipeline's own
 * PreviewBudget) lets through in an image of 1 and of 4 steps.
 */
export async function measurePreviewCost(
  dir: string,
  shape: SdShape,
  config: StageConfig,
  stageMs: { encode: number; denoise: number; decode: number },
): Promise<PreviewCost> {
  const fullFrameMs = await frameMs(dir, shape, config, 64);
  const pooledFrameMs = await frameMs(dir, shape, config, 32);
  const images = [1, 4].map((steps) => {
    const budget = new PreviewBudget(DEFAULT_LIVE_PREVIEW_SHARE, () => pooledFrameMs, 0);
    let now = stageMs.encode;
    let frames = 0;
    for (let step = 1; step <= steps; step++) {
      now += stageMs.denoise;
      if (step < steps && budget.allows(now)) {
        budget.spend(pooledFrameMs);
        now += pooledFrameMs;
        frames++;
      }
    }
    const imageMs = now + stageMs.decode;
    return { steps, imageMs, frames, share: (frames * pooledFrameMs) / imageMs };
  });
  return { fullFrameMs, pooledFrameMs, images };
}
