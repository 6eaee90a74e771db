import { randomUUID } from 'node:crypto';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import { createNotifiedCache } from '../../lib/notified-cache';
import type { AppModels } from '../../modules/models/app-models';
import { catalogSubmitModels } from '../../modules/models/choose-submit-model';
import { createModelRegistry } from '../../modules/models/model-registry';
import { reopenPulledModels } from '../../modules/models/model-pulled';
import { MODEL_SWITCHES_CHANNEL, readModelSwitches } from '../../modules/models/model-switches';
import type { ModelSources } from '../../modules/models/model-sources';
import { resolveModelCatalog } from '../../modules/models/resolve-model-catalog';
import { listenWhileOpen } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    models: AppModels;
    /** The engine of the free plan's default model (GET /image-engine, wait estimates). */
    imageEngine: ImageGenerator;
  }
}

/** How long a process trusts its copy of the model switches without a NOTIFY. */
const SWITCHES_TTL_MS = 30_000;

export interface ModelsPluginOptions {
  env: Env;
  sources: ModelSources;
}

/** `app.models` and `app.imageEngine`; its engines, one per catalog model, close with the app. */
export default fp(
  async function modelsPlugin(app: FastifyInstance, options: ModelsPluginOptions) {
    const { env } = options;
    const resolved = await resolveModelCatalog(env);
    const { catalog } = resolved;
    const registry = createModelRegistry(catalog);
    const ids = catalog.models.map((model) => model.id);
    const engines = await options.sources.openEngines({ env, resolved, ids, logger: app.log });
    app.addHook('onClose', async () => {
      await Promise.all([...engines.values()].map((engine) => engine.close()));
    });
    const defaultEngine = engines.get(registry.defaultFor(false).id);
    if (!defaultEngine) throw new Error('no engine for the default model');
    const switches = createNotifiedCache({ load: readModelSwitches, ttlMs: SWITCHES_TTL_MS });
    await listenWhileOpen(
      app,
      MODEL_SWITCHES_CHANNEL,
      () => switches.forget(),
      'a model switched elsewhere is switched here after the cache TTL',
    );
    const origin = randomUUID();
    const reloadEngine = async (id: string) => {
      const engine = engines.get(id);
      if (!engine) return false;
      await engine.reload();
      return true;
    };
    // A pull another API process ran: this process's engine reopens the files too.
    const stopReopening = await reopenPulledModels({
      database: app.database,
      origin,
      reopen: reloadEngine,
      logger: app.log,
    });
    app.addHook('onClose', () => stopReopening());
    const manifests = options.sources.pullManifests;
    const livenessMs = env.GENERATION_LEASE_S * 1000;
    app.decorate('models', {
      registry,
      engines,
      livenessMs,
      submit: catalogSubmitModels(registry, livenessMs, switches),
      switches,
      modelsDir: env.IMAGE.modelsDir,
      hubUrl: env.MODELS.hubUrl,
      pullManifest: (entry) =>
        entry.backend === 'onnx' && entry.model ? manifests.get(entry.model) : undefined,
      reloadEngine,
      origin,
    } satisfies AppModels);
    app.decorate('imageEngine', defaultEngine);
  },
  { name: 'models', dependencies: ['database'] },
);
