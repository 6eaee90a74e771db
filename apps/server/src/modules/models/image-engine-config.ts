import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { STYLE_PROMPT_MAX_EXTRA } from '@nocturne/contract/generations/generation-options';
import type { ImageGenConfig, ImageGenLogger } from '@nocturne/imagegen/config';
import type { Env } from '../../env';

/**
 * Translates the server's environment into imagegen's plain config (imagegen never reads env).
 * No engine deadline: the generation worker aborts the image call at GENERATION_TIMEOUT_S through
 * its AbortSignal, so a job has one deadline. The engine renders as many images at once as the
 * worker runs jobs, and accepts the contract's prompt length inside any style template.
 */
export function imageEngineConfig(env: Env, logger: ImageGenLogger): ImageGenConfig {
  const image = env.IMAGE;
  return {
    backend: image.backend,
    modelsDir: image.modelsDir,
    model: image.model,
    maxConcurrency: env.WORKER_CONCURRENCY,
    livePreviewShare: image.livePreviewShare,
    // The longest prompt with the longest style wrapped around it.
    maxPromptLength: CONTENT_PROMPT_MAX_LENGTH + STYLE_PROMPT_MAX_EXTRA,
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
