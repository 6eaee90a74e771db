import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import type { AppModels } from '../../modules/models/app-models';
import { catalogSubmitModels } from '../../modules/models/choose-submit-model';
import { createModelRegistry } from '../../modules/models/model-registry';
import { openModelEngines } from '../../modules/models/open-model-engines';
import { resolveModelCatalog } from '../../modules/models/resolve-model-catalog';

declare module 'fastify' {
  interface FastifyInstance {
    models: AppModels;
    /** The engine of the free plan's default model (GET /image-engine, wait estimates). */
    imageEngine: ImageGenerator;
  }
}

export interface ModelsPluginOptions {
  env: Env;
  /** Tests: a catalog instead of MODELS_FILE or the IMAGE_* settings. */
  catalog?: ModelCatalog;
  /** Tests: engines the caller owns, by model id; opened from the catalog when absent. */
  engines?: ReadonlyMap<string, ImageGenerator>;
  /** Tests: one engine the caller owns, serving every model of the catalog. */
  engine?: ImageGenerator;
}

/** `app.models` and `app.imageEngine`; engines it opened close with the app. */
export default fp(
  async function modelsPlugin(app: FastifyInstance, options: ModelsPluginOptions) {
    const { env } = options;
    const resolved = options.catalog
      ? { catalog: options.catalog, fromSettings: false }
      : await resolveModelCatalog(env);
    const { catalog } = resolved;
    const registry = createModelRegistry(catalog);
    const ids = catalog.models.map((model) => model.id);
    const given = options.engine;
    const engines =
      options.engines ??
      (given
        ? new Map(ids.map((id) => [id, given]))
        : await openModelEngines({ env, resolved, ids, logger: app.log }));
    if (!options.engines && !given)
      app.addHook('onClose', async () => {
        await Promise.all([...engines.values()].map((engine) => engine.close()));
      });
    const defaultEngine = engines.get(registry.defaultFor(false).id);
    if (!defaultEngine) throw new Error('no engine for the default model');
    const livenessMs = env.GENERATION_LEASE_S * 1000;
    app.decorate('models', {
      registry,
      engines,
      livenessMs,
      submit: catalogSubmitModels(registry, livenessMs),
    });
    app.decorate('imageEngine', defaultEngine);
  },
  { name: 'models' },
);
