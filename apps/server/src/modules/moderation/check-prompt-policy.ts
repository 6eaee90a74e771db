import { AppError } from '../../lib/app-error';
import { MINOR_TERMS, REAL_PEOPLE, SEXUAL_TERMS } from './prompt-policy-terms';

export type PolicyVerdict =
  { allowed: true } | { allowed: false; rule: 'sexualised_minor' | 'sexualised_real_person' };

/** Digits and symbols people use to dodge word filters ("t33n", "s3x", "nud€"). */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '€': 'e',
};

/** Lower-case, accents stripped, look-alikes folded, every run of non-letters one space. */
export function normalisePrompt(prompt: string): string {
  const folded = prompt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[013457@$€]/g, (char) => LOOK_ALIKES[char] ?? char);
  return ` ${folded.replace(/[^a-z]+/g, ' ').trim()} `;
}

function mentionsAny(normalised: string, terms: readonly string[]): boolean {
  // Terms are matched as whole words (padded by spaces) so "kidney" is not "kid".
  return terms.some((term) => normalised.includes(` ${term.replace(/[^a-z]+/g, ' ')} `));
}

/**
 * The content policy (ARCHITECTURE.md: Content rules): sexual content involving minors and sexual
 * depictions of real, named people are refused. Pure, so it can run before anything is charged.
 */
export function checkPromptPolicy(...prompts: string[]): PolicyVerdict {
  const normalised = normalisePrompt(prompts.join(' '));
  if (!mentionsAny(normalised, SEXUAL_TERMS)) return { allowed: true };
  if (mentionsAny(normalised, MINOR_TERMS)) return { allowed: false, rule: 'sexualised_minor' };
  if (mentionsAny(normalised, REAL_PEOPLE)) {
    return { allowed: false, rule: 'sexualised_real_person' };
  }
  return { allowed: true };
}

/** Throws 422 CONTENT_POLICY_VIOLATION for a refused prompt; the rule is logged, not sent. */
export function assertPromptAllowed(...prompts: string[]): void {
  const verdict = checkPromptPolicy(...prompts);
  if (!verdict.allowed) {
    throw new AppError('CONTENT_POLICY_VIOLATION', { details: { rule: verdict.rule } });
  }
}
