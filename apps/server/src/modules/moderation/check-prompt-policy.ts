import { detectAges } from './detect-ages';
import { PolicyLexicon, type TermKind } from './policy-lexicon';
import {
  ADULTHOOD_TERMS,
  BABY_TERMS,
  INHERENT_MINOR_TERMS,
  MINOR_TERMS,
  NOT_MINOR_AFTER,
  NOT_SCHOOL_BEFORE,
  SCHOOL_TERMS,
  SEXUAL_TERMS,
} from './prompt-policy-terms';
import { DEFAULT_REAL_PEOPLE } from './real-people';
import { createStepMeter, type StepMeter } from './step-meter';
import { tokenisePrompt, type PromptTokens } from './tokenise-prompt';

export type PolicyRule = 'sexualised_minor' | 'sexualised_real_person' | 'negated_adulthood';
export type PolicyVerdict = { allowed: true } | { allowed: false; rule: PolicyRule };

export interface PolicyInput {
  /** The source and content prompts: what the image should show. */
  prompts: readonly string[];
  /** What the image should not show (docs/decisions/021-content-rules.md). */
  negativePrompt?: string;
  /** Tests count the steps to prove the check is linear. */
  meter?: StepMeter;
}

export type PromptPolicy = (input: PolicyInput) => PolicyVerdict;

function foundKinds(lexicon: PolicyLexicon, tokens: PromptTokens, meter: StepMeter) {
  const kinds = new Set<TermKind>();
  const { words } = tokens;
  words.forEach((_spellings, index) => {
    for (const phrase of lexicon.phrasesAt(words, index, meter)) {
      const following = words[index + phrase.words.length]?.[0] ?? '';
      const preceding = words[index - 1]?.[0] ?? '';
      if (NOT_MINOR_AFTER[phrase.words.join(' ')]?.includes(following)) continue;
      if (phrase.words.join(' ') === 'school' && NOT_SCHOOL_BEFORE.includes(preceding)) continue;
      kinds.add(phrase.kind);
    }
    // One typo away from a long term ("todler", "chidlren", "taylr swift").
    for (let length = 1; length <= lexicon.longestPhrase; length += 1) {
      const squashed = words
        .slice(index, index + length)
        .map((spellings) => spellings[0])
        .join('');
      if (NOT_MINOR_AFTER[squashed]?.includes(words[index + length]?.[0] ?? '')) continue;
      // A single word's exact matches are phrasesAt's (with their exceptions): typos only here.
      const match = { exact: length > 1, fuzzy: true };
      for (const kind of lexicon.kindsOfGlued(squashed, meter, match)) {
        // Glued words are read for minors and names only: "the pen is" is not a sexual term.
        if (length === 1 || kind !== 'sexual') kinds.add(kind);
      }
    }
  });
  for (const candidate of tokens.glued) {
    for (const kind of lexicon.kindsOfGlued(candidate, meter, { exact: true, fuzzy: true })) {
      kinds.add(kind);
    }
  }
  for (const { glued, index } of tokens.neighbours) {
    if (NOT_MINOR_AFTER[glued]?.includes(words[index + 1]?.[0] ?? '')) continue;
    for (const kind of lexicon.kindsOfGlued(glued, meter, { exact: true, fuzzy: false })) {
      if (kind !== 'sexual') kinds.add(kind);
    }
  }
  for (const run of tokens.runs) {
    for (const kind of lexicon.kindsInside(run, meter)) kinds.add(kind);
  }
  const ages = detectAges(tokens.ageTokens, meter);
  if (ages.minor) kinds.add('minor');
  if (ages.school) kinds.add('school');
  if (ages.adult) kinds.add('adulthood');
  return kinds;
}

/**
 * The content rules (docs/decisions/021-content-rules.md): sexual content involving minors and
 * sexual depictions of real, named people are refused, whatever the spelling. Pure and linear in
 * the prompt: folding, tokens and lookups, no backtracking regular expression.
 */
export function createPromptPolicy(options: { extraNames?: readonly string[] } = {}): PromptPolicy {
  const names = [...DEFAULT_REAL_PEOPLE, ...(options.extraNames ?? [])];
  const positive = new PolicyLexicon([
    ['minor', MINOR_TERMS],
    ['inherent', INHERENT_MINOR_TERMS],
    ['school', SCHOOL_TERMS],
    ['baby', BABY_TERMS],
    ['sexual', SEXUAL_TERMS],
    ['name', names],
  ]);
  const negative = new PolicyLexicon([['adulthood', ADULTHOOD_TERMS]]);
  return ({ prompts, negativePrompt = '', meter = createStepMeter() }) => {
    const kinds = foundKinds(positive, tokenisePrompt(prompts.join('\n'), meter), meter);
    if (kinds.has('inherent')) return { allowed: false, rule: 'sexualised_minor' };
    if (!kinds.has('sexual')) return { allowed: true };
    if (kinds.has('minor') || kinds.has('school') || kinds.has('baby')) {
      return { allowed: false, rule: 'sexualised_minor' };
    }
    if (kinds.has('name')) return { allowed: false, rule: 'sexualised_real_person' };
    // A negative prompt keeps things out: "child, teen" there is harmless; "adult" is not.
    if (
      negativePrompt &&
      foundKinds(negative, tokenisePrompt(negativePrompt, meter), meter).has('adulthood')
    ) {
      return { allowed: false, rule: 'negated_adulthood' };
    }
    return { allowed: true };
  };
}
