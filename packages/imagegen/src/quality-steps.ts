import type { EngineQuality } from './types';

/** Distilled turbo models (SD-Turbo, the preview model): good at 1 step, best by 4. */
export const TURBO_QUALITY_STEPS: Record<EngineQuality, number> = { fast: 1, balanced: 2, best: 4 };

/** Regular SD 1.5/SDXL-class checkpoints on a GPU server with a standard sampler. */
export const SAMPLER_QUALITY_STEPS: Record<EngineQuality, number> = {
  fast: 8,
  balanced: 20,
  best: 30,
};

/** For a backend where steps mean nothing (hosted images APIs). */
export const SINGLE_STEP: Record<EngineQuality, number> = { fast: 1, balanced: 1, best: 1 };
