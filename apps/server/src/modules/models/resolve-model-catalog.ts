import { catalogFromSettings } from '@nocturne/imagegen/model-catalog/catalog-from-settings';
import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { isModelInstalled } from '@nocturne/imagegen/models/model-store';
import type { Env } from '../../env';
import { withInstalledModelDetails } from './installed-model-details';

/** The GPU server URL each single-backend setting uses. */
function backendUrl(image: Env['IMAGE']): string | undefined {
  if (image.backend === 'comfyui') return image.comfyuiUrl;
  if (image.backend === 'a1111') return image.a1111Url;
  if (image.backend === 'openai') return image.openaiUrl;
  return undefined;
}

/** A catalog, and whether it is the catalog of one built from the IMAGE_* settings. */
export interface ResolvedCatalog {
  catalog: ModelCatalog;
  /** Its one engine opens from the IMAGE_* settings (so `auto` keeps falling back). */
  fromSettings: boolean;
}

/**
 * MODELS_FILE's catalog, or without it a catalog of one from the IMAGE_* settings: the installed
 * ONNX model, `preview` (free) when none is, or the GPU backend by its name. Installed ONNX
 * models bring their manifest's description and licence.
 */
export async function resolveModelCatalog(env: Env): Promise<ResolvedCatalog> {
  const image = env.IMAGE;
  if (env.MODELS.catalog) {
    const catalog = await withInstalledModelDetails(env.MODELS.catalog, image.modelsDir);
    return { catalog, fromSettings: false };
  }
  const catalog = catalogFromSettings({
    backend: image.backend,
    model: image.model,
    modelInstalled: await isModelInstalled(image.modelsDir, image.model),
    url: backendUrl(image),
    openaiModel: image.openaiModel,
  });
  return { catalog: await withInstalledModelDetails(catalog, image.modelsDir), fromSettings: true };
}
