import type { ImageGenConfig, ImageGenLogger } from '@nocturne/imagegen/config';
import type { Env } from '../../env';

/** Translates the server's environment into imagegen's plain config (imagegen never reads env). */
export function imageEngineConfig(env: Env, logger: ImageGenLogger): ImageGenConfig {
  const image = env.IMAGE;
  return {
    backend: image.backend,
    modelsDir: image.modelsDir,
    model: image.model,
    timeoutMs: image.timeoutSeconds === undefined ? undefined : image.timeoutSeconds * 1000,
    maxConcurrency: image.maxConcurrency,
    comfyui: image.comfyuiUrl
      ? { url: image.comfyuiUrl, workflowPath: image.comfyuiWorkflowPath }
      : undefined,
    a1111: image.a1111Url ? { url: image.a1111Url } : undefined,
    openai: image.openaiUrl
      ? { url: image.openaiUrl, apiKey: image.openaiApiKey, model: image.openaiModel }
      : undefined,
    logger,
  };
}
