import type { ImageGenConfig } from '../config';
import { entrySampling } from './entry-sampling';
import type { CatalogEntry } from './model-catalog-schema';

/** What every entry's engine shares: where models live, concurrency, limits, logging. */
export type SharedEngineSettings = Pick<
  ImageGenConfig,
  | 'modelsDir'
  | 'maxConcurrency'
  | 'maxPromptLength'
  | 'intraOpThreads'
  | 'livePreviewShare'
  | 'logger'
  | 'timeoutMs'
>;

type CredentialField = 'apiKeyEnv' | 'usernameEnv' | 'passwordEnv';

/**
 * Reads a credential from the environment variable the catalog names; a variable named but not
 * set stops the start with a sentence saying which (a missing secret is not a runtime surprise).
 */
function secret(
  entry: CatalogEntry,
  field: CredentialField,
  env: Record<string, string | undefined>,
): string | undefined {
  const name = entry.credentials?.[field];
  if (!name) return undefined;
  const value = env[name];
  if (!value)
    throw new Error(
      `Model "${entry.id}": credentials.${field} names the environment variable ${name}, which is not set.`,
    );
  return value;
}

/**
 * The imagegen configuration that opens one catalog entry's backend: one engine per model, so a
 * process can serve several. Size, steps and sampling come from the entry (the rest from its
 * checkpoint's family); credentials from the environment variables the entry names.
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
          upscaleModel: entry.upscaleModel,
          workflows: entry.workflows,
          ...(entry.loras ? { loras: entry.loras.map((lora) => lora.file) } : {}),
          ...(entry.ipAdapter ? { ipAdapter: entry.ipAdapter } : {}),
          ...entrySampling(entry),
        },
      };
    case 'a1111': {
      const username = secret(entry, 'usernameEnv', env);
      const password = secret(entry, 'passwordEnv', env);
      return {
        ...base,
        backend: 'a1111',
        a1111: {
          url: entry.url ?? '',
          checkpoint: entry.checkpoint,
          auth: username !== undefined ? { username, password: password ?? '' } : undefined,
          upscaler: entry.upscaler,
          ...(entry.loras ? { loras: entry.loras.map((lora) => lora.file) } : {}),
          ...entrySampling(entry),
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
          apiKey: secret(entry, 'apiKeyEnv', env),
          edits: entry.edits ?? false,
          ...(entry.nativeSize ? { defaults: entry.nativeSize } : {}),
        },
      };
  }
}
