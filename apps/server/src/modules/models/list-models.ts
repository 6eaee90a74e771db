import type { CatalogModel, ListModelsResponse } from '@nocturne/contract/models/list-models';
import { ignoredOptionsForEntry } from '@nocturne/imagegen/model-catalog/ignored-options-for-entry';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { DbHandle } from '../../db/database';
import type { AppModels } from './app-models';
import { availabilityOf, firstAvailable, readModelReports } from './model-availability';
import { derivedImageCosts, modelCapabilities } from './model-capabilities';
import type { ServedEngine } from './model-types';
import { engineOfModel, readServedEngines } from './served-engines';
import { licenceView } from './licence-view';
import { catalogLorasView } from './model-loras';

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

/**
 * The catalog in the operator's order, as this person sees it: each model available or why not,
 * and their default marked (the plan's, or the next available model of the plan while it is
 * unavailable: the one a submit without `model` gets).
 */
export async function listModels(options: {
  db: DbHandle;
  models: AppModels;
  premium: boolean;
}): Promise<ListModelsResponse> {
  const { models, premium } = options;
  const entries = models.registry.catalog.models;
  const [reports, served, switches] = await Promise.all([
    readModelReports(options.db, models.livenessMs),
    readServedEngines(options.db, models.livenessMs),
    models.switches.read(options.db),
  ]);
  const availability = (id: string) => availabilityOf(id, reports.get(id), switches);
  const candidates = models.registry.candidatesFor(premium);
  const defaultId = (firstAvailable(candidates, availability) ?? candidates[0])?.id;
  return {
    models: entries.map((entry): CatalogModel => {
      const { available, reason } = availability(entry.id);
      const { withheldReason, ...capabilities } = modelCapabilities(models, served, entry.id);
      return {
        id: entry.id,
        name: entry.name,
        description: entry.description,
        tier: entry.tier,
        credit_cost: entry.creditCost,
        available,
        unavailable_reason: reason,
        is_default: entry.id === defaultId,
        is_preview: isPreviewModel(models, served, entry),
        licence: licenceView(entry.licence),
        ignored_options: ignoredOptionsForEntry(entry),
        capabilities: {
          ...capabilities,
          withheld_reason: withheldReason,
          // IP-Adapter named in the catalog (imagegen's ComfyUI backend applies it).
          ...(entry.backend === 'comfyui' && entry.ipAdapter ? { character_reference: true } : {}),
        },
        variation_cost: derivedImageCosts(entry).variation,
        upscale_cost: derivedImageCosts(entry).upscale,
        ...(capabilities.upscale.includes(4)
          ? { upscale_4_cost: derivedImageCosts(entry).upscale4 }
          : {}),
        ...catalogLorasView(entry, premium, reports.get(entry.id)?.health?.unavailableLoras),
      };
    }),
  };
}
