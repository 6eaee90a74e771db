import { applyStylePreset } from '@nocturne/contract/generations/generation-options';
import type { ScreenedPrompt } from '../moderation/screen-prompt';
import type { GenerationRow } from './generation-row';

/** What of a row decides the text an engine receives. */
export type PromptedImage = Pick<
  GenerationRow,
  'sourcePrompt' | 'contentPrompt' | 'expandedPrompt' | 'negativePrompt' | 'style'
>;

/**
 * The prompt and negative prompt an engine receives for an image: its own prompt (the expansion
 * of its choices when it has them), its style applied. The submit screens this text and the
 * worker sends it, so what is screened is what is rendered, whatever path made the row.
 */
export function enginePromptOf(image: PromptedImage): { prompt: string; negativePrompt: string } {
  return applyStylePreset(
    image.expandedPrompt ?? image.contentPrompt,
    image.negativePrompt,
    image.style,
  );
}

/** The text the content rules read for an image: its source prompt beside the engine's text. */
export function screenedTextOf(image: PromptedImage): ScreenedPrompt {
  const engine = enginePromptOf(image);
  return {
    sourcePrompt: image.sourcePrompt,
    contentPrompt: engine.prompt,
    negativePrompt: engine.negativePrompt,
  };
}
