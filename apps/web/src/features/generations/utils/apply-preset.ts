import type { CatalogModel } from '@nocturne/contract/models/list-models';
import type { Preset, PresetOptions } from '@nocturne/contract/presets/preset';
import type { GenerationFormValues } from './generation-form-values';
import { isLocked } from './model-choice';

/** The modal's values beyond the prompt: what a preset sets. */
export type PresetFormOptions = Omit<GenerationFormValues, 'prompt'>;

export interface AppliedPreset {
  values: PresetFormOptions;
  /** What the preset asked for that was not applied, one sentence each. */
  skipped: string[];
}

/**
 * The modal's options with a saved preset applied: its options over the current ones, the seed
 * kept. A model the catalog no longer has, or a Premium model for a person without
 * Premium, is not applied (the current model stays) and is named in `skipped`. Without a catalog
 * (it failed to load) the model is applied and the server decides.
 */
export function applyPreset(
  values: PresetFormOptions,
  preset: Preset,
  models: readonly CatalogModel[],
  isPremium: boolean,
): AppliedPreset {
  const { model: wanted, loras, ...options } = preset.options;
  const next: PresetFormOptions = {
    ...values,
    ...options,
    model: wanted ?? null,
    // The preset's LoRAs come with its model; none replace the ones of the model left behind.
    ...(loras || values.loras ? { loras: loras ?? [] } : {}),
  };
  if (wanted === undefined || models.length === 0) return { values: next, skipped: [] };
  const model = models.find((candidate) => candidate.id === wanted);
  if (!model) {
    return {
      values: { ...next, model: values.model, ...keptLoras(values) },
      skipped: [`The model “${wanted}” is no longer offered, so the model was not changed.`],
    };
  }
  if (isLocked(model, isPremium)) {
    return {
      values: { ...next, model: values.model, ...keptLoras(values) },
      skipped: [`${model.name} is part of Premium, so the model was not changed.`],
    };
  }
  return { values: next, skipped: [] };
}

/** The LoRAs of the model that stays when a preset's model is not applied. */
function keptLoras(values: PresetFormOptions): Pick<PresetFormOptions, 'loras'> {
  return { loras: values.loras };
}

/**
 * The options of the modal's values as a preset keeps them (no model: the plan's default; LoRAs
 * only with their model).
 */
export function presetOptionsOf(values: PresetFormOptions): PresetOptions {
  const { negative_prompt, aspect_ratio, image_count, quality, style, model, loras } = values;
  return {
    negative_prompt: negative_prompt.trim(),
    aspect_ratio,
    image_count,
    quality,
    style,
    ...(model === null ? {} : { model }),
    ...(model !== null && loras && loras.length > 0 ? { loras } : {}),
  };
}
