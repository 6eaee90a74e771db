import { bidiControlMessage, hasBidiControl } from '@nocturne/contract/text/bidi-controls';
import { AppError } from '../../lib/app-error';
import type { GenerationRow } from './generation-row';

/**
 * A retry runs the prompts stored with the generation again; ones stored before the contract
 * refused bidi controls may still hold them, so they get the same 422 as a new submit would.
 */
export function refuseBidiPrompts(
  row: Pick<GenerationRow, 'sourcePrompt' | 'contentPrompt' | 'negativePrompt'>,
): void {
  const prompts = {
    source_prompt: row.sourcePrompt,
    content_prompt: row.contentPrompt,
    negative_prompt: row.negativePrompt,
  };
  const field = Object.entries(prompts).find(([, text]) => hasBidiControl(text))?.[0];
  if (field) throw new AppError('VALIDATION_ERROR', { message: bidiControlMessage(field) });
}
