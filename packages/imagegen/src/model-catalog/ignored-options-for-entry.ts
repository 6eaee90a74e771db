import type { EngineOptionName } from '../types';
import type { CatalogEntry } from './model-catalog-schema';

/** True when every quality level of the entry samples without guidance (cfg ≤ 1). */
function runsWithoutGuidance(entry: CatalogEntry): boolean {
  const presets = Object.values(entry.quality ?? {});
  return (
    presets.length > 0 && presets.every((preset) => preset.cfg !== undefined && preset.cfg <= 1)
  );
}

/**
 * The options a model's backend cannot honour, known from the catalog alone (no connection), so
 * the API can tell a person before they submit. Each image still reports what was really ignored.
 */
export function ignoredOptionsForEntry(entry: CatalogEntry): EngineOptionName[] {
  switch (entry.backend) {
    case 'onnx':
    case 'preview':
      // The embedded pipeline samples turbo models without classifier-free guidance.
      return ['negative_prompt'];
    case 'openai':
      return ['negative_prompt', 'seed'];
    case 'comfyui':
    case 'a1111':
      return runsWithoutGuidance(entry) ? ['negative_prompt'] : [];
  }
}
