import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { Database } from '../../db/database';
import type { Env } from '../../env';
import type { Logger } from '../../lib/create-logger';
import type { AppModels } from './app-models';
import { createModelRegistry } from './model-registry';
import { reopenPulledModels } from './model-pulled';
import type { ModelSources } from './model-sources';
import { resolveModelCatalog } from './resolve-model-catalog';

/**
 * The engines a worker serves: WORKER_MODELS, else every catalog model. Role all takes them from
 * the app's models; role worker opens its own (closed by `close`), and reopens and warms one up
 * when a console pull elsewhere installs its model's files (model-pulled.ts).
 */
export async function workerEngines(options: {
  env: Env;
  logger: Logger;
  database: Database;
  /** Names this process in pull notices (its worker id). */
  origin: string;
  appModels?: AppModels;
  sources: ModelSources;
}): Promise<{ engines: ReadonlyMap<string, ImageGenerator>; close: () => Promise<void> }> {
  const { env, logger, appModels } = options;
  const resolved = appModels
    ? { catalog: appModels.registry.catalog, fromSettings: false }
    : await resolveModelCatalog(env);
  const registry = appModels?.registry ?? createModelRegistry(resolved.catalog);
  const ids = env.MODELS.workerModels ?? resolved.catalog.models.map((model) => model.id);
  const unknown = ids.filter((id) => !registry.find(id));
  if (unknown.length > 0)
    throw new Error(`WORKER_MODELS names models the catalog does not have: ${unknown.join(', ')}`);
  const none = async () => undefined;
  if (appModels) {
    const engines = new Map<string, ImageGenerator>();
    for (const id of ids) {
      const found = appModels.engines.get(id);
      if (found) engines.set(id, found);
    }
    return { engines, close: none };
  }
  const engines = await options.sources.openEngines({ env, resolved, ids, logger });
  const stopReopening = await reopenPulledModels({
    database: options.database,
    origin: options.origin,
    reopen: async (model) => {
      const opened = engines.get(model);
      if (!opened) return false;
      await opened.reload();
      // As at start-up: the next job must not pay for loading the model.
      await opened.warmup();
      return true;
    },
    logger,
  });
  return {
    engines,
    close: async () => {
      await stopReopening();
      await Promise.all([...engines.values()].map((opened) => opened.close()));
    },
  };
}
