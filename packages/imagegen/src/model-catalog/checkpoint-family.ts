import { ENGINE_QUALITIES, type EngineQuality } from '../types';
import type { SamplingSettings } from '../backends/sampling';

/** What a checkpoint's file name says about how to sample it. */
export type CheckpointFamily = 'turbo' | 'lightning' | 'lcm' | 'regular';

export interface FamilyDefaults {
  family: CheckpointFamily;
  nativeSize: { width: number; height: number };
  quality: Record<EngineQuality, SamplingSettings & { steps: number }>;
}

export function checkpointFamily(name: string): CheckpointFamily {
  const lower = name.toLowerCase();
  if (lower.includes('turbo')) return 'turbo';
  if (lower.includes('lightning')) return 'lightning';
  if (lower.includes('lcm')) return 'lcm';
  return 'regular';
}

const STEPS: Record<CheckpointFamily, Record<EngineQuality, number>> = {
  turbo: { fast: 1, balanced: 2, best: 4 },
  lightning: { fast: 4, balanced: 6, best: 8 },
  lcm: { fast: 4, balanced: 6, best: 8 },
  regular: { fast: 12, balanced: 20, best: 30 },
};

/** Each server's own sampler and scheduler names for the family (cfg 1: distilled, no guidance). */
export const FAMILY_SAMPLING: Record<
  'comfyui' | 'a1111',
  Record<CheckpointFamily, SamplingSettings>
> = {
  comfyui: {
    turbo: { cfg: 1, sampler: 'euler_ancestral', scheduler: 'sgm_uniform' },
    lightning: { cfg: 1, sampler: 'euler', scheduler: 'sgm_uniform' },
    lcm: { cfg: 1, sampler: 'lcm', scheduler: 'sgm_uniform' },
    regular: { cfg: 7, sampler: 'euler', scheduler: 'normal' },
  },
  a1111: {
    turbo: { cfg: 1, sampler: 'Euler a' },
    lightning: { cfg: 1, sampler: 'Euler', scheduler: 'SGM Uniform' },
    lcm: { cfg: 1, sampler: 'LCM' },
    regular: { cfg: 7, sampler: 'Euler a' },
  },
};

/**
 * Sensible settings for a checkpoint known only by its file name: turbo, lightning and LCM
 * checkpoints run a few steps without guidance; a name with `xl` is an SDXL model at 1024²
 * (SDXL-Turbo is trained at 512²); anything else is taken for SD 1.5 at 512², 20 steps, cfg 7.
 */
export function familyDefaults(backend: 'comfyui' | 'a1111', checkpoint: string): FamilyDefaults {
  const family = checkpointFamily(checkpoint);
  const xl = /xl/i.test(checkpoint) && family !== 'turbo';
  const side = xl ? 1024 : 512;
  const sampling = FAMILY_SAMPLING[backend][family];
  const quality = Object.fromEntries(
    ENGINE_QUALITIES.map((level) => [level, { steps: STEPS[family][level], ...sampling }]),
  ) as FamilyDefaults['quality'];
  return { family, nativeSize: { width: side, height: side }, quality };
}
