import type { ImageGenConfig } from '../config';
import type { CatalogEntry } from './model-catalog-schema';

/** What every entry's engine shares: where models live, concurrency, limits, logging. */
export type SharedEngineSettings = Pick<
  ImageGenConfig,
  'modelsDir' | 'maxConcurrency' | 'maxPromptLength' | 'intraOpThreads' | 'logger' | 'timeoutMs'
>;

/** Reads a credential named by the catalog from the environment the caller passes in. */
function secret(env: Record<string, string | undefined>, name: string | undefined) {
  return name ? env[name] : undefined;
}

/**
 * The imagegen configuration that opens one catalog entry's backend: one engine per model, so a
 * process can serve several. Credentials come from the environment variables the entry names.
 */
export function imageGenConfigForEntry(
  entry: CatalogEntry,
  shared: SharedEngineSettings,
  env: Record<string, string | undefined>,
): ImageGenConfig {
  const base = { ...shared, model: entry.model };
  switch (entry.backend) {
    case 'onnx':
      return { ...base, backend: 'onnx' };
    case 'preview':
      return { ...base, backend: 'auto', model: 'preview' };
    case 'comfyui':
      return {
        ...base,
        backend: 'comfyui',
        comfyui: {
          url: entry.url ?? '',
          workflowPath: entry.workflow,
          checkpoint: entry.checkpoint,
        },
      };
    case 'a1111': {
      const username = secret(env, entry.credentials?.usernameEnv);
      const password = secret(env, entry.credentials?.passwordEnv);
      return {
        ...base,
        backend: 'a1111',
        a1111: {
          url: entry.url ?? '',
          model: entry.checkpoint,
          auth: username && password ? { username, password } : undefined,
        },
      };
    }
    case 'openai':
      return {
        ...base,
        backend: 'openai',
        openai: {
          url: entry.url ?? '',
          model: entry.model ?? '',
          apiKey: secret(env, entry.credentials?.apiKeyEnv),
        },
      };
  }
}
