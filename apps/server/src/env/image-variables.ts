import path from 'node:path';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { z } from 'zod';
import { optionalString, optionalUrl, type FromInvocationDir, type Parsed } from './env-fields';
import { workerModelsField } from './model-settings';

/** The image engine of the catalog of one (IMAGE_*, GPU servers) and the operator's catalog. */
export const imageVariables = {
  IMAGE_BACKEND: z.enum(['auto', 'onnx', 'comfyui', 'a1111', 'openai']).default('auto'),
  MODELS_DIR: optionalString,
  IMAGE_MODEL: z.string().min(1).default('sd-turbo'),
  COMFYUI_URL: optionalUrl,
  COMFYUI_WORKFLOW: optionalString,
  A1111_URL: optionalUrl,
  OPENAI_IMAGES_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  OPENAI_IMAGES_MODEL: z.string().min(1).default('gpt-image-1'),
  MODELS_FILE: optionalString,
  WORKER_MODELS: workerModelsField,
  HF_ENDPOINT: optionalUrl,
  /** The share of an embedded image's time its live-preview frames may take (decision 080). */
  LIVE_PREVIEW_SHARE: z.coerce.number().min(0).max(1).default(0.05),
};

type ImageVariables = Parsed<typeof imageVariables>;

/** Each GPU-server backend needs its URL. */
const REQUIRED_BACKEND_URL = {
  comfyui: 'COMFYUI_URL',
  a1111: 'A1111_URL',
  openai: 'OPENAI_IMAGES_URL',
} as const;

/** Says which GPU server URL IMAGE_BACKEND is missing rather than fail later; false when one is. */
export function checkBackendUrl(raw: ImageVariables, ctx: z.RefinementCtx): boolean {
  if (raw.IMAGE_BACKEND === 'auto' || raw.IMAGE_BACKEND === 'onnx') return true;
  const variable = REQUIRED_BACKEND_URL[raw.IMAGE_BACKEND];
  if (raw[variable]) return true;
  ctx.addIssue({
    code: 'custom',
    path: [variable],
    message: `required when IMAGE_BACKEND=${raw.IMAGE_BACKEND}`,
  });
  return false;
}

export function imageSettings(raw: ImageVariables, from: FromInvocationDir, dataDir: string) {
  return {
    backend: raw.IMAGE_BACKEND,
    modelsDir: from(raw.MODELS_DIR) ?? path.join(dataDir, 'models'),
    model: raw.IMAGE_MODEL,
    comfyuiUrl: raw.COMFYUI_URL,
    comfyuiWorkflowPath: from(raw.COMFYUI_WORKFLOW),
    a1111Url: raw.A1111_URL,
    openaiUrl: raw.OPENAI_IMAGES_URL,
    openaiApiKey: raw.OPENAI_API_KEY,
    openaiModel: raw.OPENAI_IMAGES_MODEL,
    livePreviewShare: raw.LIVE_PREVIEW_SHARE,
  };
}

export function modelsSettings(
  raw: ImageVariables,
  modelsFile: string | undefined,
  catalog: ModelCatalog | undefined,
) {
  return {
    /** The operator's catalog (MODELS_FILE); unset: a catalog of one from IMAGE (docs/models.md). */
    file: modelsFile,
    catalog,
    /** Ids this process's worker serves; unset: every model of the catalog. */
    workerModels: raw.WORKER_MODELS,
    /** The Hub endpoint (a mirror) the console's pull rebases huggingface.co files onto. */
    hubUrl: raw.HF_ENDPOINT,
    /** The credentials the catalog names, read here (the only reader of process.env). */
    secrets: {} as Record<string, string | undefined>,
  };
}
