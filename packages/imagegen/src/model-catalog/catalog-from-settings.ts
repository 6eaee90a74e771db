import type { CatalogEntry, ModelCatalog } from './model-catalog-schema';

/** The single-backend settings a server has without MODELS_FILE (IMAGE_BACKEND and friends). */
export interface SingleBackendSettings {
  backend: 'auto' | 'onnx' | 'comfyui' | 'a1111' | 'openai';
  /** The ONNX model's name (IMAGE_MODEL). */
  model: string;
  /** Whether that ONNX model is installed (`auto` serves the preview when it is not). */
  modelInstalled: boolean;
  url?: string;
  /** The OpenAI-compatible API's model name. */
  openaiModel?: string;
}

/** The id of the preview model in a catalog of one. */
export const PREVIEW_MODEL_ID = 'preview';

const PREVIEW_ENTRY: CatalogEntry = {
  id: PREVIEW_MODEL_ID,
  name: 'Preview',
  description: 'Abstract previews: no image model is installed on this server yet.',
  backend: 'preview',
  tier: 'free',
  // Preview images are not what a person asked for: they cost nothing.
  creditCost: 0,
};

const GPU_NAMES = { comfyui: 'ComfyUI', a1111: 'AUTOMATIC1111', openai: 'OpenAI-compatible' };

/**
 * Without MODELS_FILE the server's one backend is a catalog of one free model: the ONNX model
 * by its name, `preview` when `auto` has no model installed, or the backend's name for a GPU
 * server. The engine it opens keeps the settings' own behaviour (`auto` still falls back).
 */
export function catalogFromSettings(settings: SingleBackendSettings): ModelCatalog {
  const entry = entryFor(settings);
  return { models: [entry], defaults: { free: entry.id } };
}

/** A catalog id for a model folder name: lower case, other characters as dashes. */
export function catalogIdFor(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 64);
  return id === '' ? 'model' : id;
}

function entryFor(settings: SingleBackendSettings): CatalogEntry {
  const common = { description: '', tier: 'free' as const, creditCost: 1 };
  switch (settings.backend) {
    case 'auto':
    case 'onnx':
      if (settings.backend === 'auto' && !settings.modelInstalled) return PREVIEW_ENTRY;
      return {
        ...common,
        id: catalogIdFor(settings.model),
        name: settings.model,
        backend: 'onnx',
        model: settings.model,
      };
    case 'comfyui':
    case 'a1111':
    case 'openai':
      return {
        ...common,
        id: settings.backend,
        name: GPU_NAMES[settings.backend],
        backend: settings.backend,
        url: settings.url,
        model: settings.backend === 'openai' ? settings.openaiModel : undefined,
      };
  }
}
