import type { UpscaleFactor } from '@nocturne/contract/generations/derive-generation';
import {
  DERIVED_IMAGE_DEFAULT_COST,
  type CatalogEntry,
} from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { AppModels } from './app-models';

/** What a model can do with one of its results (GET /models `capabilities`). */
export interface ModelCapabilities {
  variations: boolean;
  upscale: UpscaleFactor[];
}

/**
 * From the model's engine: an engine that does not declare capabilities (or no engine in this
 * process) is text-to-image only, so nothing is offered that a worker could not run.
 */
export function modelCapabilities(models: AppModels, id: string): ModelCapabilities {
  const declared = models.engines.get(id)?.describe().capabilities;
  return {
    variations: declared?.imageToImage ?? false,
    upscale: [...(declared?.upscaleFactors ?? [])],
  };
}

/** Credits per variation and per upscale before premium (the catalog's, default 1 each). */
export function derivedImageCosts(entry: CatalogEntry) {
  return {
    variation: entry.variationCost ?? DERIVED_IMAGE_DEFAULT_COST,
    upscale: entry.upscaleCost ?? DERIVED_IMAGE_DEFAULT_COST,
  };
}
