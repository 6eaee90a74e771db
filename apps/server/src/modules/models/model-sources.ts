import { CATALOG } from '@nocturne/imagegen/models/catalog';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import { openReloadableEngines, type OpenEnginesOptions } from './open-reloadable-engines';
import type { ReloadableEngine } from './reloadable-engine';

/**
 * Where a process's image engines and the console's pullable models come from. main.ts passes
 * CATALOG_MODEL_SOURCES; tests pass their fakes at the same place (apps/server/test/
 * fake-model-sources.ts), so the app and the worker run one path either way.
 */
export interface ModelSources {
  /** One engine per catalog model in `ids`; whoever opens them closes them. */
  openEngines(options: OpenEnginesOptions): Promise<Map<string, ReloadableEngine>>;
  /** What a console pull fetches, by ONNX model name. */
  pullManifests: ReadonlyMap<string, ModelManifest>;
}

/** The catalog's engines (MODELS_FILE, else the IMAGE_* settings) and imagegen's manifests. */
export const CATALOG_MODEL_SOURCES: ModelSources = {
  openEngines: openReloadableEngines,
  pullManifests: CATALOG,
};
