import type { GenerationKind } from '@nocturne/contract/generations/derive-generation';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findLiveModels } from './model-liveness';
import { derivedImageCosts } from './model-capabilities';
import type { ModelRegistry } from './model-registry';
import { isModelDisabled, type ModelSwitchesCache } from './model-switches';

/** The model a submit runs on, and what one image of it costs this person. */
export interface SubmitModel {
  id: string;
  /** Credits per image: the catalog's `creditCost`, 0 for premium people (never charged). */
  creditCost: number;
  /** Credits per variation / upscale: the catalog's `variationCost` / `upscaleCost`, 0 for premium. */
  variationCost: number;
  upscaleCost: number;
}

/** What one image of this kind costs on the model (the submit and a retry charge this). */
export function creditCostOf(model: SubmitModel, kind: GenerationKind): number {
  if (kind === 'variation') return model.variationCost;
  if (kind === 'upscale') return model.upscaleCost;
  return model.creditCost;
}

/** How the submit path picks and checks a model (the queue settings carry it). */
export interface SubmitModels {
  choose(tx: DbHandle, requested: string | undefined, premium: boolean): Promise<SubmitModel>;
}

/**
 * The catalog behind the submit: absent → the plan's default; unknown → UNKNOWN_MODEL; premium
 * for a free person → MODEL_REQUIRES_PREMIUM; switched off by an operator (the cached switches,
 * no query) or no worker heard from within `livenessMs` → MODEL_UNAVAILABLE. Called inside the
 * submit's transaction, before anything is charged.
 */
export function catalogSubmitModels(
  registry: ModelRegistry,
  livenessMs: number,
  switches: ModelSwitchesCache,
): SubmitModels {
  return {
    async choose(tx, requested, premium) {
      const entry =
        requested === undefined ? registry.defaultFor(premium) : registry.find(requested);
      if (!entry) throw new AppError('UNKNOWN_MODEL', { details: { model: requested } });
      if (entry.tier === 'premium' && !premium)
        throw new AppError('MODEL_REQUIRES_PREMIUM', { details: { model: entry.id } });
      if (isModelDisabled(await switches.read(tx), entry.id))
        throw new AppError('MODEL_UNAVAILABLE', { details: { model: entry.id } });
      const live = await findLiveModels(tx, [entry.id], livenessMs);
      if (!live.has(entry.id))
        throw new AppError('MODEL_UNAVAILABLE', { details: { model: entry.id } });
      const cost = (credits: number) => (premium ? 0 : credits);
      const derived = derivedImageCosts(entry);
      return {
        id: entry.id,
        creditCost: cost(entry.creditCost),
        variationCost: cost(derived.variation),
        upscaleCost: cost(derived.upscale),
      };
    },
  };
}
