import { HISTORY_PREVIEW_CHARS } from '@nocturne/contract/constants';
import {
  CREDIT_LINE_PROMPT_SEPARATOR,
  type CreditLineKind,
} from '@nocturne/contract/credits/get-credit-history';
import type { GenerationKind } from '@nocturne/contract/generations/derive-generation';

/**
 * The prompts a credit line's images got, in image order, each once, cut to the preview's length:
 * a batch of `a {red|blue} owl` reads "a red owl · a blue owl", never the template.
 */
export function creditLinePrompt(prompts: (string | null)[] | null): string | null {
  const distinct = [...new Set((prompts ?? []).filter((prompt) => prompt !== null))];
  if (distinct.length === 0) return null;
  return distinct.join(CREDIT_LINE_PROMPT_SEPARATOR).slice(0, HISTORY_PREVIEW_CHARS);
}

/** What a credit line's generations made, in the history's words (`generate` is `generation`). */
export function creditLineKind(kind: GenerationKind | null): CreditLineKind | null {
  if (kind === null) return null;
  return kind === 'generate' ? 'generation' : kind;
}
