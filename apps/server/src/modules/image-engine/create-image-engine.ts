import {
  createImageGenerator,
  type ImageGenerator,
} from '@nocturne/imagegen/create-image-generator';
import type { Logger } from '../../lib/create-logger';
import type { Env } from '../../env';
import { imageEngineConfig } from './image-engine-config';

/**
 * Opens the configured image backend once per process. With IMAGE_BACKEND=auto and no installed
 * model this is the preview model, and the operator is told so plainly at start.
 */
export async function createImageEngine(env: Env, logger: Logger): Promise<ImageGenerator> {
  const engine = await createImageGenerator(
    imageEngineConfig(env, (level, message, details) => logger[level](details ?? {}, message)),
  );
  const description = engine.describe();
  // imagegen itself warns, with the pull command, when it falls back to the preview model.
  if (!description.isPreview) {
    logger.info({ backend: description.backend, model: description.model }, 'image engine ready');
  }
  return engine;
}
