import type { UpscaleFactor } from '@nocturne/contract/generations/derive-generation';
import {
  DERIVED_IMAGE_DEFAULT_COST,
  type CatalogEntry,
} from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { AppModels } from './app-models';
import { engineOfModel, type ServedEngine } from './served-engines';

/** What a model can do with one of its results (GET /models `capabilities`). */
export interface ModelCapabilities {
  variations: boolean;
  upscale: UpscaleFactor[];
}

/**
 * From the model's engine as its workers report it (served-engines.ts): an engine that declares
 * nothing, or a model no one knows an engine of, is text-to-image only, so nothing is offered
 * that a worker could not run.
 */
export function modelCapabilities(
  models: AppModels,
  served: ReadonlyMap<string, ServedEngine>,
  id: string,
): ModelCapabilities {
  const engine = engineOfModel(models, served, id);
  return { variations: engine?.variations ?? false, upscale: [...(engine?.upscale ?? [])] };
}

/** Credits per variation and per upscale before premium (the catalog's, default 1 each). */
export function derivedImageCosts(entry: CatalogEntry) {
  return {
    variation: entry.variationCost ?? DERIVED_IMAGE_DEFAULT_COST,
    upscale: entry.upscaleCost ?? DERIVED_IMAGE_DEFAULT_COST,
  };
}
