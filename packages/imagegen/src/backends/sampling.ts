import type { EngineQuality } from '../types';

/**
 * How a GPU server samples one quality level, in the server's own names: ComfyUI's
 * `sampler_name`/`scheduler` (`euler`, `karras`…), A1111's (`Euler a`, `Karras`…).
 */
export interface SamplingSettings {
  /** Classifier-free guidance; at 1 or below the negative prompt has no effect. */
  cfg: number;
  sampler: string;
  /** Absent: the server's own choice (A1111 picks one per sampler; ComfyUI needs one). */
  scheduler?: string;
}

export type SamplingPerQuality = Record<EngineQuality, SamplingSettings>;

/** The same settings at every quality level. */
export function sameSampling(settings: SamplingSettings): SamplingPerQuality {
  return { fast: settings, balanced: settings, best: settings };
}

/** True when this sampling ignores a negative prompt (no classifier-free guidance). */
export function withoutGuidance(settings: SamplingSettings): boolean {
  return settings.cfg <= 1;
}
