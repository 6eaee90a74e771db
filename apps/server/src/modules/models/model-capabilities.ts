import type { UpscaleFactor } from '@nocturne/contract/generations/derive-generation';
import type { WithheldDeriveReason } from '@nocturne/contract/models/list-models';
import {
  DERIVED_IMAGE_DEFAULT_COST,
  UPSCALE_4_DEFAULT_COST,
  type CatalogEntry,
} from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { AppModels } from './app-models';
import type { ServedEngine } from './model-types';
import { engineOfModel } from './served-engines';

/** What a model offers to do with one of its results (GET /models `capabilities`). */
export interface ModelCapabilities {
  variations: boolean;
  upscale: UpscaleFactor[];
  /** Repainting a masked region of a result (POST /generations/{id}/inpaint). */
  inpaint: boolean;
  /** Why actions its engine can do are not offered; null when none is held back. */
  withheldReason: WithheldDeriveReason | null;
}

/**
 * From the model's engine as its workers report it (served-engines.ts): an engine that declares
 * nothing, or a model no one knows an engine of, is text-to-image only, so nothing is offered
 * that a worker could not run. A one-step engine (SDXS) offers neither Vary nor Upscale nor
 * inpainting, as image-to-image from an intermediate timestep smears, unless the catalog entry's
 * `offers` turns them on (inpainting follows `offers.variations`: both redraw a source from an
 * intermediate timestep); the entry can also turn off what an engine could do.
 */
export function modelCapabilities(
  models: AppModels,
  served: ReadonlyMap<string, ServedEngine>,
  id: string,
): ModelCapabilities {
  const engine = engineOfModel(models, served, id);
  const offers = models.registry.find(id)?.offers;
  const oneStep = engine?.oneStep === true;
  const canVary = engine?.variations ?? false;
  const canUpscale = [...(engine?.upscale ?? [])];
  const canInpaint = engine?.inpaint ?? false;
  const redraws = offers?.variations ?? !oneStep;
  const variations = canVary && redraws;
  const upscale = (offers?.upscale ?? !oneStep) ? canUpscale : [];
  const inpaint = canInpaint && redraws;
  const withheldByStep =
    oneStep &&
    (((canVary || canInpaint) && !redraws && offers?.variations === undefined) ||
      (canUpscale.length > 0 && upscale.length === 0 && offers?.upscale === undefined));
  return { variations, upscale, inpaint, withheldReason: withheldByStep ? 'one_step' : null };
}

/**
 * Credits per variation, per upscale ×2 and per upscale ×4 before premium: the catalog's, else 1,
 * 1 and 2 (decision 083: ×4 makes four times ×2's pixels). The preview model's derived images are
 * previews like its images, and cost what they cost (free in the catalog of one).
 */
export function derivedImageCosts(entry: CatalogEntry) {
  const preview = entry.backend === 'preview';
  const unset = preview ? entry.creditCost : DERIVED_IMAGE_DEFAULT_COST;
  return {
    variation: entry.variationCost ?? unset,
    upscale: entry.upscaleCost ?? unset,
    upscale4: entry.upscale4Cost ?? (preview ? entry.creditCost : UPSCALE_4_DEFAULT_COST),
  };
}
