import { GENERATION_COST_CREDITS } from '@nocturne/contract/constants';
import {
  DEFAULT_GENERATION_OPTIONS,
  type EngineOptionName,
} from '@nocturne/contract/generations/generation-options';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import type { GenerationFormValues } from './generation-form-values';

/** Why a model cannot be submitted by this person right now. */
export type ModelBlock = 'locked' | 'unavailable';

export function isLocked(model: CatalogModel, isPremium: boolean): boolean {
  return model.tier === 'premium' && !isPremium;
}

export function modelBlock(model: CatalogModel, isPremium: boolean): ModelBlock | null {
  if (isLocked(model, isPremium)) return 'locked';
  return model.available ? null : 'unavailable';
}

/**
 * The model a submit uses: the person's choice while the catalog has it, else the catalog's
 * default for their plan (the one a submit without `model` gets), else the first model.
 */
export function chosenModel(
  models: readonly CatalogModel[] | undefined,
  chosenId: string | null,
): CatalogModel | null {
  if (!models || models.length === 0) return null;
  return (
    models.find((model) => model.id === chosenId) ??
    models.find((model) => model.is_default) ??
    models[0] ??
    null
  );
}

/**
 * Credits a submit costs: the model's price per image times the images, none for premium. Without
 * a catalog (it failed to load), the server's one credit per image.
 */
export function submitCost(
  model: CatalogModel | null,
  imageCount: number,
  isPremium: boolean,
): number {
  if (isPremium) return 0;
  return (model?.credit_cost ?? GENERATION_COST_CREDITS) * imageCount;
}

/**
 * The options this person set that the model cannot honour: a typed negative prompt, a fixed
 * seed, a ratio or quality other than the defaults. Nothing is reported for what was left alone.
 */
export function ignoredChoices(
  model: CatalogModel | null,
  values: Pick<GenerationFormValues, 'negative_prompt' | 'seed' | 'aspect_ratio' | 'quality'>,
): EngineOptionName[] {
  if (!model) return [];
  const chosen: Record<EngineOptionName, boolean> = {
    negative_prompt: values.negative_prompt.trim() !== '',
    seed: values.seed !== null,
    aspect_ratio: values.aspect_ratio !== DEFAULT_GENERATION_OPTIONS.aspect_ratio,
    quality: values.quality !== DEFAULT_GENERATION_OPTIONS.quality,
  };
  return model.ignored_options.filter((name) => chosen[name]);
}
