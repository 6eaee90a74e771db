import {
  createImageGenerator,
  type ImageGenerator,
} from '@nocturne/imagegen/create-image-generator';
import { imageGenConfigForEntry } from '@nocturne/imagegen/model-catalog/image-gen-config-for-entry';
import type { Env } from '../../env';
import type { Logger } from '../../lib/create-logger';
import { imageEngineConfig } from './image-engine-config';
import { previewWarning } from './preview-warning';
import type { ResolvedCatalog } from './resolve-model-catalog';

/**
 * One engine per catalog model in `ids`. A MODELS_FILE entry opens through imageGenConfigForEntry
 * (credentials from the variables it names); the catalog of one keeps the IMAGE_* settings'
 * engine, so `auto` still falls back to the preview when its model fails to load.
 */
export async function openModelEngines(options: {
  env: Env;
  resolved: ResolvedCatalog;
  ids: readonly string[];
  logger: Logger;
}): Promise<Map<string, ImageGenerator>> {
  const { env, logger } = options;
  const { catalog, fromSettings } = options.resolved;
  const settings = imageEngineConfig(env, (level, message, details) =>
    logger[level](details ?? {}, message),
  );
  const { modelsDir, maxConcurrency, maxPromptLength, intraOpThreads, timeoutMs } = settings;
  const { livePreviewShare } = settings;
  const shared = {
    modelsDir,
    maxConcurrency,
    maxPromptLength,
    intraOpThreads,
    livePreviewShare,
    timeoutMs,
  };
  const engines = new Map<string, ImageGenerator>();
  try {
    for (const id of options.ids) {
      const entry = catalog.models.find((model) => model.id === id);
      if (!entry) throw new Error(`WORKER_MODELS names "${id}", which is not in the catalog`);
      const config = fromSettings
        ? settings
        : imageGenConfigForEntry(entry, { ...shared, logger: settings.logger }, env.MODELS.secrets);
      const engine = await createImageGenerator(config);
      engines.set(id, engine);
      const description = engine.describe();
      if (description.isPreview) logger.warn({ model: id }, previewWarning(id));
      // Opened is not ready: a worker probes its engines before it claims (engine-health-monitor.ts)
      // and logs which are not ready and why.
      else logger.info({ model: id, backend: description.backend }, 'image engine opened');
    }
  } catch (error) {
    await Promise.all([...engines.values()].map((engine) => engine.close()));
    throw error;
  }
  return engines;
}
