import type { ContentRule } from '@nocturne/contract/generations/content-policy';
import { detectAges } from './detect-ages';
import { PolicyLexicon, type TermHit, type TermKind } from './policy-lexicon';
import { createAllowedPhrases } from './allowed-phrases';
import { NOT_MINOR_AFTER, NOT_SCHOOL_BEFORE, termsByKind } from './policy-terms';
import { DEFAULT_REAL_PEOPLE } from './real-people';
import { createStepMeter, type StepMeter } from './step-meter';
import { tokenisePrompt, type PromptTokens } from './tokenise-prompt';

export type PolicyRule = ContentRule;
/** A refusal names its rule and the words that matched (the terms as the word lists write them). */
export type PolicyVerdict =
  | {
      allowed: true;
      /** The operators' allowed phrases that let it through, if any. */ allowedPhrases?: readonly string[];
    }
  | { allowed: false; rule: PolicyRule; matched: readonly string[] };

export interface PolicyInput {
  /** The source and content prompts: what the image should show. */
  prompts: readonly string[];
  /** What the image should not show (docs/decisions/021-content-rules.md). */
  negativePrompt?: string;
  /** Tests count the steps to prove the check is linear. */
  meter?: StepMeter;
}

export type PromptPolicy = (input: PolicyInput) => PolicyVerdict;

/** The terms found, by kind, each listed once in the order found. */
export type Found = Map<TermKind, Set<string>>;

function mergeFound(all: readonly Found[]): Found {
  const merged: Found = new Map();
  for (const found of all) {
    for (const [kind, terms] of found) {
      const into = merged.get(kind) ?? new Set<string>();
      terms.forEach((term) => into.add(term));
      merged.set(kind, into);
    }
  }
  return merged;
}

const followedByException = (term: string, following: string) =>
  NOT_MINOR_AFTER.get(term)?.has(following) === true;

function findTerms(lexicon: PolicyLexicon, tokens: PromptTokens, meter: StepMeter): Found {
  const found: Found = new Map();
  const note = (hit: TermHit) => {
    const terms = found.get(hit.kind) ?? new Set<string>();
    found.set(hit.kind, terms.add(hit.term));
  };
  const { words } = tokens;
  words.forEach((_spellings, index) => {
    for (const phrase of lexicon.phrasesAt(words, index, meter)) {
      const following = words[index + phrase.words.length]?.[0] ?? '';
      const preceding = words[index - 1]?.[0] ?? '';
      const spaced = phrase.words.join(' ');
      if (followedByException(spaced, following)) continue;
      if (spaced === 'school' && NOT_SCHOOL_BEFORE.includes(preceding)) continue;
      note(phrase);
    }
    // One typo away from a long term ("todler", "chidlren", "taylr swift").
    const longest = Math.min(lexicon.longestPhrase, words.length - index);
    for (let length = 1; length <= longest; length += 1) {
      const squashed = words
        .slice(index, index + length)
        .map((spellings) => spellings[0])
        .join('');
      if (followedByException(squashed, words[index + length]?.[0] ?? '')) continue;
      // A single word's exact matches are phrasesAt's (with their exceptions): typos only here.
      const match = { exact: length > 1, fuzzy: true };
      for (const hit of lexicon.hitsOfGlued(squashed, meter, match)) {
        // Glued words are read for minors and names only: "the pen is" is not a sexual term.
        if (length === 1 || hit.kind !== 'sexual') note(hit);
      }
      // Misspelled names ("Scarlet Johanson", "taylerswift"): one to three words.
      if (length <= 3) {
        const window = words.slice(index, index + length).map((spellings) => spellings[0] ?? '');
        lexicon.namesNear(window, meter).forEach(note);
      }
    }
  });
  for (const candidate of tokens.glued) {
    lexicon.hitsOfGlued(candidate, meter, { exact: true, fuzzy: true }).forEach(note);
  }
  for (const { glued, index } of tokens.neighbours) {
    if (followedByException(glued, words[index + 1]?.[0] ?? '')) continue;
    for (const hit of lexicon.hitsOfGlued(glued, meter, { exact: true, fuzzy: false })) {
      if (hit.kind !== 'sexual') note(hit);
    }
  }
  for (const run of tokens.runs) lexicon.hitsInRun(run, meter).forEach(note);
  lexicon.hitsInDense(tokens.dense, meter).forEach(note);
  const ages = detectAges(tokens.ageTokens, meter);
  if (ages.minor) ages.said.forEach((said) => note({ kind: 'minor', term: said }));
  if (ages.school) note({ kind: 'school', term: 'grade' });
  if (ages.adult) note({ kind: 'adulthood', term: 'adult age' });
  return found;
}

/** At most this many matched words of each group are named in a refusal. */
const NAMED_PER_GROUP = 3;

/** A refusal naming up to three matched words of each group of kinds, groups in order. */
function refusal(
  rule: PolicyRule,
  found: Found,
  groups: ReadonlyArray<readonly TermKind[]>,
): PolicyVerdict {
  const matched = new Set<string>();
  for (const kinds of groups) {
    const terms = kinds.flatMap((kind) => [...(found.get(kind) ?? [])]);
    terms.slice(0, NAMED_PER_GROUP).forEach((term) => matched.add(term));
  }
  return { allowed: false, rule, matched: [...matched] };
}

/** What the found terms amount to, the negative prompt read only when it could matter. */
function judge(
  found: Found,
  negative: PolicyLexicon,
  negativePrompt: string,
  meter: StepMeter,
): PolicyVerdict {
  if (found.has('inherent')) return refusal('sexualised_minor', found, [['inherent']]);
  if (!found.has('sexual')) return { allowed: true };
  if (found.has('minor') || found.has('school') || found.has('baby')) {
    return refusal('sexualised_minor', found, [['minor', 'school', 'baby'], ['sexual']]);
  }
  if (found.has('name')) return refusal('sexualised_real_person', found, [['name'], ['sexual']]);
  // A negative prompt keeps things out: "child, teen" there is harmless; "adult" is not.
  if (negativePrompt) {
    const kept = findTerms(negative, tokenisePrompt(negativePrompt, meter), meter);
    if (kept.has('adulthood')) {
      return refusal('negated_adulthood', new Map([...found, ...kept]), [
        ['sexual'],
        ['adulthood'],
      ]);
    }
  }
  return { allowed: true };
}

/** The shipped word lists (and PROMPT_POLICY_EXTRA_NAMES_FILE's names) compiled: built once. */
export interface ShippedLexicons {
  positive: PolicyLexicon;
  negative: PolicyLexicon;
}

export function createShippedLexicons(extraNames: readonly string[] = []): ShippedLexicons {
  const terms = termsByKind([...DEFAULT_REAL_PEOPLE, ...extraNames]);
  return {
    positive: new PolicyLexicon(terms.positive),
    negative: new PolicyLexicon(terms.negative),
  };
}

export interface PromptPolicyOptions {
  /** Shared between rebuilds, so an operator's change compiles only the operator's lists. */
  shipped?: ShippedLexicons;
  extraNames?: readonly string[];
  /** Operators' extra terms and names (docs/operators.md#moderation), matched like shipped ones. */
  operatorTerms?: ReadonlyArray<readonly [TermKind, readonly string[]]>;
  /** Phrases operators marked as false positives (allowed-phrases.ts says what they exempt). */
  allowedPhrases?: readonly string[];
}

/**
 * The content rules (docs/decisions/021-content-rules.md): sexual content involving minors and
 * sexual depictions of real, named people are refused, in every language of `terms/`, whatever
 * the spelling. Pure and linear in the prompt: folding, tokens and lookups, no backtracking
 * regular expression. The shipped lexicons are built once (createShippedLexicons, shared between
 * policies); operators' terms and names compile into a small second lexicon read the same way.
 */
export function createPromptPolicy(options: PromptPolicyOptions = {}): PromptPolicy {
  const shipped = options.shipped ?? createShippedLexicons(options.extraNames);
  const lexicons = [shipped.positive];
  if (options.operatorTerms?.some(([, terms]) => terms.length > 0)) {
    lexicons.push(new PolicyLexicon(options.operatorTerms));
  }
  const find = (text: string, meter: StepMeter) => {
    const tokens = tokenisePrompt(text, meter);
    return mergeFound(lexicons.map((lexicon) => findTerms(lexicon, tokens, meter)));
  };
  const allowed = createAllowedPhrases(options.allowedPhrases ?? [], (text) =>
    find(text, createStepMeter()),
  );
  return ({ prompts, negativePrompt = '', meter = createStepMeter() }) => {
    const text = prompts.join('\n');
    const found = find(text, meter);
    const verdict = judge(found, shipped.negative, negativePrompt, meter);
    if (verdict.allowed) return verdict;
    const exempted = allowed.exempt(text, found, (blanked) => find(blanked, meter));
    if (!exempted) return verdict;
    const after = judge(exempted.found, shipped.negative, negativePrompt, meter);
    return after.allowed ? { allowed: true, allowedPhrases: exempted.phrases } : after;
  };
}
