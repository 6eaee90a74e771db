import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { readInstalledManifest } from '@nocturne/imagegen/models/model-store';

/**
 * ONNX models take the description and licence their installed manifest records (the pullable
 * catalog's), where the operator's catalog gives none: `npm run models -- pull sd-turbo` alone is
 * enough for the picker to show what the model is, whether its images may be sold and on what
 * conditions.
 */
export async function withInstalledModelDetails(
  catalog: ModelCatalog,
  modelsDir: string,
): Promise<ModelCatalog> {
  const models = await Promise.all(
    catalog.models.map(async (entry) => {
      if (entry.backend !== 'onnx' || !entry.model) return entry;
      const manifest = await readInstalledManifest(modelsDir, entry.model).catch(() => undefined);
      if (!manifest) return entry;
      const { name, url, commercialUse, conditions } = manifest.licence;
      const stated = conditions.length > 0 ? { conditions } : {};
      const installed =
        commercialUse === undefined ? undefined : { name, url, commercialUse, ...stated };
      return {
        ...entry,
        description: entry.description || manifest.description,
        licence: entry.licence ?? installed,
      };
    }),
  );
  return { ...catalog, models };
}
