import type { Env } from '../../env';
import type { Logger } from '../../lib/create-logger';
import { openModelEngines } from './open-model-engines';
import { createReloadableEngine, type ReloadableEngine } from './reloadable-engine';
import type { ResolvedCatalog } from './resolve-model-catalog';

/** Which engines to open: the catalog as resolved, and the ids of the models to serve. */
export interface OpenEnginesOptions {
  env: Env;
  resolved: ResolvedCatalog;
  ids: readonly string[];
  logger: Logger;
}

/**
 * openModelEngines, each engine wrapped so the console can reopen it after pulling the model's
 * files (decision 063): the reopened engine reads MODELS_DIR again.
 */
export async function openReloadableEngines(
  options: OpenEnginesOptions,
): Promise<Map<string, ReloadableEngine>> {
  const opened = await openModelEngines(options);
  const engines = new Map<string, ReloadableEngine>();
  for (const [id, first] of opened) {
    let initial: typeof first | undefined = first;
    const open = async () => {
      const engine = initial ?? (await openModelEngines({ ...options, ids: [id] })).get(id);
      initial = undefined;
      if (!engine) throw new Error(`no engine opened for model "${id}"`);
      return engine;
    };
    engines.set(id, await createReloadableEngine(open));
  }
  return engines;
}
