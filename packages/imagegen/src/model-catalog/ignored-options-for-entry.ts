import { withoutGuidance } from '../backends/sampling';
import type { EngineOptionName } from '../types';
import { entrySampling } from './entry-sampling';
import type { CatalogEntry } from './model-catalog-schema';

/**
 * The options a model's backend cannot honour, known from the catalog alone (no connection), so
 * the API can tell a person before they submit. Each image still reports what was really ignored
 * (a ComfyUI workflow without `$negative_prompt`, say, is only known once it is read).
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
    case 'a1111': {
      // Sampled without guidance (cfg ≤ 1) at every quality: the negative prompt does nothing.
      const levels = Object.values(entrySampling(entry).sampling ?? {});
      return levels.length > 0 && levels.every(withoutGuidance) ? ['negative_prompt'] : [];
    }
  }
}
