import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import { CATALOG_MODEL_SOURCES, type ModelSources } from '../src/modules/models/model-sources';
import type { ReloadableEngine } from '../src/modules/models/reloadable-engine';

/**
 * A test's engine handed to the app through the production seam: the test owns it, so the app's
 * close leaves it open, and a reload (after a console pull) keeps it as it is.
 */
function ownedByTheTest(engine: ImageGenerator): ReloadableEngine {
  return {
    generate: (request, options) => engine.generate(request, options),
    describe: () => engine.describe(),
    warmup: () => engine.warmup(),
    probe: engine.probe ? (options) => engine.probe!(options) : undefined,
    close: async () => undefined,
    reload: async () => undefined,
  };
}

/**
 * The model sources of a test: `engine` serves every model, or `engines` the models they name;
 * without either, the catalog's own engines (the preview model from the IMAGE_* settings).
 * `pullManifests`: what the console's pull fetches (a fake Hub's manifests).
 */
export function fakeModelSources(
  options: {
    engine?: ImageGenerator;
    engines?: ReadonlyMap<string, ImageGenerator>;
    pullManifests?: ReadonlyMap<string, ModelManifest>;
  } = {},
): ModelSources {
  const { engine, engines } = options;
  return {
    pullManifests: options.pullManifests ?? CATALOG_MODEL_SOURCES.pullManifests,
    async openEngines(request) {
      if (!engine && !engines) return CATALOG_MODEL_SOURCES.openEngines(request);
      const opened = new Map<string, ReloadableEngine>();
      for (const id of request.ids) {
        const given = engine ?? engines?.get(id);
        if (given) opened.set(id, ownedByTheTest(given));
      }
      return opened;
    },
  };
}
