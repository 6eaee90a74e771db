import type { CatalogModel, ListModelsResponse } from '@nocturne/contract/models/list-models';
import { ignoredOptionsForEntry } from '@nocturne/imagegen/model-catalog/ignored-options-for-entry';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { DbHandle } from '../../db/database';
import type { AppModels } from './app-models';
import { derivedImageCosts, modelCapabilities } from './model-capabilities';
import { findLiveModels } from './model-liveness';
import { isModelDisabled } from './model-switches';
import { engineOfModel, readServedEngines, type ServedEngine } from './served-engines';

/**
 * Whether the model makes abstract previews: its backend, or an engine (as its workers report
 * it) that fell back to it.
 */
function isPreviewModel(
  models: AppModels,
  served: ReadonlyMap<string, ServedEngine>,
  entry: CatalogEntry,
): boolean {
  return entry.backend === 'preview' || engineOfModel(models, served, entry.id)?.isPreview === true;
}

/** The catalog in the operator's order, as this person sees it (their default marked). */
export async function listModels(options: {
  db: DbHandle;
  models: AppModels;
  premium: boolean;
}): Promise<ListModelsResponse> {
  const { models, premium } = options;
  const entries = models.registry.catalog.models;
  const [live, served, switches] = await Promise.all([
    findLiveModels(
      options.db,
      entries.map((entry) => entry.id),
      models.livenessMs,
    ),
    readServedEngines(options.db, models.livenessMs),
    models.switches.read(options.db),
  ]);
  const defaultId = models.registry.defaultFor(premium).id;
  return {
    models: entries.map((entry): CatalogModel => ({
      id: entry.id,
      name: entry.name,
      description: entry.description,
      tier: entry.tier,
      credit_cost: entry.creditCost,
      available: live.has(entry.id) && !isModelDisabled(switches, entry.id),
      is_default: entry.id === defaultId,
      is_preview: isPreviewModel(models, served, entry),
      licence: entry.licence
        ? {
            name: entry.licence.name,
            url: entry.licence.url ?? null,
            commercial_use: entry.licence.commercialUse,
          }
        : null,
      ignored_options: ignoredOptionsForEntry(entry),
      capabilities: modelCapabilities(models, served, entry.id),
      variation_cost: derivedImageCosts(entry).variation,
      upscale_cost: derivedImageCosts(entry).upscale,
    })),
  };
}
