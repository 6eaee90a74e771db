import {
  DEFAULT_GENERATION_OPTIONS,
  type EngineOptionName,
} from '@nocturne/contract/generations/generation-options';
import type { GenerationRow } from './generation-row';

/**
 * Of the options a backend reports it could not honour, the ones the person chose: only those
 * are stored as `ignored_options` and read "could not apply". A style preset's own negative
 * prompt, the random seed the server picks, and the default ratio and quality are not choices,
 * so a backend that skips them has taken nothing from the person.
 */
export function chosenIgnoredOptions(
  job: Pick<GenerationRow, 'negativePrompt' | 'seedChosen' | 'aspectRatio' | 'quality'>,
  reported: readonly EngineOptionName[],
): EngineOptionName[] {
  const chosen: Record<EngineOptionName, boolean> = {
    negative_prompt: job.negativePrompt !== '',
    seed: job.seedChosen,
    aspect_ratio: job.aspectRatio !== DEFAULT_GENERATION_OPTIONS.aspect_ratio,
    quality: job.quality !== DEFAULT_GENERATION_OPTIONS.quality,
  };
  return reported.filter((name) => chosen[name]);
}
