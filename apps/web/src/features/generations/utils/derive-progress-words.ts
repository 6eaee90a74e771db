import { getPhaseMessage } from '@nocturne/contract/generations/simulated-progress';
import { GENERATION_MESSAGES } from '../flow/generation-flow-state';
import type { DeriveRequest } from '../types';

/** The steps that speak of a new prompt: derived work says what it does instead. */
const PROMPT_WORDS = new Set<string>([
  getPhaseMessage('AGGREGATION'),
  getPhaseMessage('INFERENCE'),
  GENERATION_MESSAGES.processing,
]);

export const INPAINT_PROGRESS_WORDS = 'Repainting the region…';

/**
 * "Making a variation…", "Repainting the region…", or "Upscaling to 1024×1024…" (by the factor
 * when the size is unknown).
 */
export function deriveWords(derive: DeriveRequest): string {
  if (derive.action.kind === 'variation') return 'Making a variation…';
  if (derive.action.kind === 'inpaint') return INPAINT_PROGRESS_WORDS;
  const { factor } = derive.action;
  const size = derive.sourceSize;
  return size
    ? `Upscaling to ${size.width * factor}×${size.height * factor}…`
    : `Upscaling ×${factor}…`;
}

/** The progress step's words: a derived image's own words where the steps speak of a prompt. */
export function progressWords(message: string, derive: DeriveRequest | null | undefined): string {
  return derive && PROMPT_WORDS.has(message) ? deriveWords(derive) : message;
}
