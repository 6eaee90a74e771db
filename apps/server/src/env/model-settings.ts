import {
  loadModelCatalog,
  ModelCatalogError,
} from '@nocturne/imagegen/model-catalog/load-model-catalog';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { z } from 'zod';

/** WORKER_MODELS: catalog ids, comma-separated; empty: every model of the catalog. */
export const workerModelsField = z
  .string()
  .optional()
  .transform((value) => {
    const ids = (value ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    return ids.length > 0 ? ids : undefined;
  });

/**
 * Reads MODELS_FILE (already resolved to a path) once at start. Each problem of the file becomes
 * its own issue, so the start-up error lists them all with their JSON path.
 */
export function modelCatalogFromFile(
  file: string | undefined,
  ctx: z.RefinementCtx,
): ModelCatalog | undefined {
  if (!file) return undefined;
  try {
    return loadModelCatalog(file);
  } catch (error) {
    if (!(error instanceof ModelCatalogError)) throw error;
    for (const problem of error.problems)
      ctx.addIssue({ code: 'custom', path: ['MODELS_FILE'], message: `${file}: ${problem}` });
    return undefined;
  }
}

/** The environment variables the catalog names for its credentials, read from `source`. */
export function catalogSecrets(
  catalog: ModelCatalog | undefined,
  source: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const secrets: Record<string, string | undefined> = {};
  for (const entry of catalog?.models ?? [])
    for (const name of Object.values(entry.credentials ?? {}))
      if (name) secrets[name] = source[name];
  return secrets;
}
