import type { SamplingPerQuality } from '../backends/sampling';
import { ENGINE_QUALITIES, type EngineQuality } from '../types';
import { familyDefaults } from './checkpoint-family';
import type { CatalogEntry } from './model-catalog-schema';

/** A GPU server's per-model settings, as its backend config takes them. */
export interface EntrySampling {
  defaults?: { width: number; height: number };
  qualitySteps?: Record<EngineQuality, number>;
  sampling?: SamplingPerQuality;
}

/**
 * The size, steps and sampling a ComfyUI or A1111 entry runs with: what the entry says, the rest
 * from its checkpoint's family (`familyDefaults`). A quality level the entry leaves out keeps the
 * family's steps and borrows cfg, sampler and scheduler from a level it gives (balanced first),
 * so one model samples one way. An A1111 entry with neither checkpoint nor quality keeps the
 * backend's own defaults (whatever the server has loaded).
 */
export function entrySampling(entry: CatalogEntry): EntrySampling {
  if (entry.backend !== 'comfyui' && entry.backend !== 'a1111') return {};
  const { checkpoint, quality } = entry;
  if (checkpoint === undefined && quality === undefined)
    return entry.nativeSize ? { defaults: entry.nativeSize } : {};
  const family = familyDefaults(entry.backend, checkpoint ?? '');
  const given = quality?.balanced ?? quality?.fast ?? quality?.best;
  const level = (name: EngineQuality) => {
    const preset = quality?.[name];
    const base = family.quality[name];
    return {
      steps: preset?.steps ?? base.steps,
      cfg: preset?.cfg ?? given?.cfg ?? base.cfg,
      sampler: preset?.sampler ?? given?.sampler ?? base.sampler,
      scheduler: preset?.scheduler ?? given?.scheduler ?? base.scheduler,
    };
  };
  const levels = Object.fromEntries(ENGINE_QUALITIES.map((name) => [name, level(name)]));
  const pick = <T>(read: (settings: ReturnType<typeof level>) => T) =>
    Object.fromEntries(ENGINE_QUALITIES.map((name) => [name, read(levels[name]!)])) as Record<
      EngineQuality,
      T
    >;
  const nativeSize = entry.nativeSize ?? (checkpoint ? family.nativeSize : undefined);
  return {
    ...(nativeSize ? { defaults: nativeSize } : {}),
    qualitySteps: pick((settings) => settings.steps),
    sampling: pick(({ cfg, sampler, scheduler }) => ({ cfg, sampler, scheduler })),
  };
}
