import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import type { GenerationPreset } from '../../../features/generations/utils/generation-form-values';

/** A favorite's kept settings as the generation modal's start (one image: a favorite is one). */
export function presetFromFavorite(favorite: Favorite): GenerationPreset | null {
  if (!favorite.settings) return null;
  return { prompt: favorite.content_prompt, ...favorite.settings, image_count: 1 };
}
