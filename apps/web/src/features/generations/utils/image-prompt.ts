import { expandPromptChoices, hasPromptChoices } from '@nocturne/contract/text/prompt-choices';

/**
 * The prompt one image of a submit got: its `{a|b}` choices expanded by the image's seed, the
 * contract's rule the server applies to the same seed; the prompt itself when it has no choices
 * or the image has no seed yet.
 */
export function imagePromptOf(prompt: string, seed: number | null): string {
  if (seed === null || !hasPromptChoices(prompt)) return prompt;
  return expandPromptChoices(prompt, seed);
}
