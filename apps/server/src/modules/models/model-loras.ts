import type { CatalogModelLora, LoraChoice } from '@nocturne/contract/models/loras';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { AppError } from '../../lib/app-error';
import type { ModelRegistry } from './model-registry';

/** A LoRA a submit uses: the person's choice, with what the catalog says of it. */
export interface ChosenLora {
  id: string;
  name: string;
  /** The file its engine loads (ComfyUI's LoraLoader `lora_name`, A1111's `<lora:…>` name). */
  file: string;
  weight: number;
  triggerWords: string[];
  tier: 'free' | 'premium';
}

/**
 * A model's LoRAs as this person sees them in GET /api/v1/models (premium ones locked for free),
 * without those whose files its engine lacks (`unavailableFiles`, from the workers' health);
 * nothing for a model without LoRAs.
 */
export function catalogLorasView(
  entry: CatalogEntry,
  premium: boolean,
  unavailableFiles: readonly string[] = [],
): { loras?: CatalogModelLora[] } {
  if (!entry.loras || entry.loras.length === 0) return {};
  const offered = entry.loras.filter((lora) => !unavailableFiles.includes(lora.file));
  const loras = offered.map((lora) => ({
    id: lora.id,
    name: lora.name,
    default_weight: lora.defaultWeight,
    trigger_words: lora.triggerWords ?? [],
    tier: lora.tier,
    locked: lora.tier === 'premium' && !premium,
  }));
  return { loras };
}

/**
 * The request's LoRAs looked up in its model's catalog entry, before anything is screened or
 * charged: each must be one of that model's (UNKNOWN_LORA, naming it). LoRAs belong to one model,
 * so a request with LoRAs names its model; an unknown model is left to the model's own check.
 */
export function chooseLoras(
  registry: ModelRegistry,
  model: string | undefined,
  choices: readonly LoraChoice[] | undefined,
): ChosenLora[] {
  if (!choices || choices.length === 0) return [];
  if (model === undefined) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'loras: name the model they belong to in `model`',
    });
  }
  const entry = registry.find(model);
  if (!entry) return [];
  return choices.map((choice) => {
    const lora = entry.loras?.find((candidate) => candidate.id === choice.id);
    if (!lora) throw new AppError('UNKNOWN_LORA', { details: { lora: choice.id, model } });
    return {
      id: lora.id,
      name: lora.name,
      file: lora.file,
      weight: choice.weight,
      triggerWords: lora.triggerWords ?? [],
      tier: lora.tier,
    };
  });
}

/** Refuses a premium LoRA to a person without premium (checked where the model's tier is). */
export function assertLorasAllowed(loras: readonly ChosenLora[], premium: boolean): void {
  if (premium) return;
  const locked = loras.find((lora) => lora.tier === 'premium');
  if (locked) throw new AppError('LORA_REQUIRES_PREMIUM', { details: { lora: locked.id } });
}
