import {
  DEFAULT_GENERATION_OPTIONS,
  SEED_MAX,
  type AspectRatio,
  type Quality,
  type StyleId,
} from '@nocturne/contract/generations/generation-options';
import type { Generation } from '@nocturne/contract/generations/generation';
import type { LoraChoice } from '@nocturne/contract/models/loras';
import type { GenerationDefaults } from '@nocturne/contract/users/preferences';
import type { GenerationRequestOptions } from '../types';

/** What the modal's input step holds: the prompt and every option. */
export interface GenerationFormValues {
  prompt: string;
  negative_prompt: string;
  aspect_ratio: AspectRatio;
  image_count: number;
  quality: Quality;
  style: StyleId | null;
  /** null: the server draws one. */
  seed: number | null;
  /** A catalog id (GET /api/v1/models); null: the catalog's default for the person's plan. */
  model: string | null;
  /** LoRAs of `model` at their weights; absent or empty: none. */
  loras?: LoraChoice[];
}

/** Settings to start the modal from ('Use these settings'): everything but what the person adds. */
export type GenerationPreset = Omit<GenerationFormValues, 'image_count' | 'model'> & {
  image_count?: number;
  model?: string | null;
};

export function formValuesFromDefaults(
  defaults: GenerationDefaults = DEFAULT_GENERATION_OPTIONS,
): GenerationFormValues {
  return { prompt: '', negative_prompt: '', seed: null, model: null, ...defaults };
}

export function formValuesFromPreset(
  preset: GenerationPreset,
  defaults?: GenerationDefaults,
): GenerationFormValues {
  const base = formValuesFromDefaults(defaults);
  return { ...base, ...preset, image_count: preset.image_count ?? 1, model: preset.model ?? null };
}

/** A history row's settings: its own seed, and as many images as its submit made. */
export function presetFromGeneration(
  generation: Pick<
    Generation,
    | 'content_prompt'
    | 'negative_prompt'
    | 'aspect_ratio'
    | 'quality'
    | 'style'
    | 'seed'
    | 'image_count'
    | 'model'
    | 'loras'
  >,
): GenerationPreset {
  return {
    prompt: generation.content_prompt,
    negative_prompt: generation.negative_prompt,
    aspect_ratio: generation.aspect_ratio,
    quality: generation.quality,
    style: generation.style,
    seed: generation.seed,
    image_count: generation.image_count,
    model: generation.model ?? null,
    ...(generation.loras?.length
      ? { loras: generation.loras.map(({ id, weight }) => ({ id, weight })) }
      : {}),
  };
}

/** The submit's options; `model` is the catalog model the modal resolved (none: the server's default). */
export function requestOptions(
  values: GenerationFormValues,
  model: string | null = null,
): GenerationRequestOptions {
  const { negative_prompt, aspect_ratio, image_count, quality, style, seed, loras } = values;
  return {
    negative_prompt: negative_prompt.trim(),
    aspect_ratio,
    image_count,
    quality,
    style,
    ...(seed === null ? {} : { seed }),
    ...(model === null ? {} : { model }),
    // LoRAs belong to the model they were chosen on: sent only with it.
    ...(model !== null && loras && loras.length > 0 ? { loras } : {}),
  };
}

/** A seed in the contract's range from a [0, 1) source. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (SEED_MAX + 1));
}
