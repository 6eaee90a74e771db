import type { ContentRule } from '@nocturne/contract/generations/content-policy';
import { createAllowedPhrases } from './allowed-phrases';
import {
  findTerms,
  mergeFound,
  readingOf,
  spanOfWords,
  type Found,
  type Reading,
} from './find-terms';
import type { Script } from './letter-scripts';
import { noteSaid, type SaidByTerm } from './persons-words';
import { PolicyLexicon, type TermKind } from './policy-lexicon';
import { shippedLexicons, type ShippedLexicons } from './shipped-lexicons';
import { createStepMeter, type StepMeter } from './step-meter';
import { tokenisePrompt, type PromptTokens } from './tokenise-prompt';
import { unsupportedScriptOf } from './unsupported-scripts';

export type PolicyRule = ContentRule;
/** A refusal names its rule and the words that matched (the terms as the word lists write them). */
export type PolicyVerdict =
  | {
      allowed: true;
      /** The operators' allowed phrases that let it through, if any. */ allowedPhrases?: readonly string[];
    }
  | { allowed: false; rule: PolicyRule; matched: readonly string[] }
  /**
   * Written mostly in a script no covered language uses: not read, so declined, and not a
   * refusal (docs/decisions/074-unsupported-scripts-fail-closed.md).
   */
  | { allowed: false; unsupportedScript: Script };

/** A refusal by a rule (recorded, counted towards a suspension). */
export type PolicyRefusal = Extract<PolicyVerdict, { rule: PolicyRule }>;
/** A prompt the rules cannot read (docs/decisions/074-unsupported-scripts-fail-closed.md). */
export type PolicyUnsupported = Extract<PolicyVerdict, { unsupportedScript: Script }>;

export interface PolicyInput {
  /** The source and content prompts: what the image should show. */
  prompts: readonly string[];
  /** What the image should not show (docs/decisions/021-content-rules.md). */
  negativePrompt?: string;
  /** Tests count the steps to prove the check is linear. */
  meter?: StepMeter;
  /** Today, for birth years ("born in 2013"); tests fix it. */
  now?: Date;
  /** Filled with where the person wrote each term found (persons-words.ts), when given. */
  said?: SaidByTerm;
}

export type PromptPolicy = (input: PolicyInput) => PolicyVerdict;

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
  reading: Reading,
): PolicyVerdict {
  if (found.has('inherent')) return refusal('sexualised_minor', found, [['inherent']]);
  if (!found.has('sexual')) return { allowed: true };
  if (found.has('minor') || found.has('school') || found.has('baby')) {
    return refusal('sexualised_minor', found, [['minor', 'school', 'baby'], ['sexual']]);
  }
  if (found.has('name')) return refusal('sexualised_real_person', found, [['name'], ['sexual']]);
  // A negative prompt keeps things out: "child, teen" there is harmless; "adult" is not.
  if (negativePrompt) {
    const tokens = tokenisePrompt(negativePrompt, reading.meter);
    // A sexual prompt whose negative prompt cannot be read is not let through unread.
    const unsupportedScript = unsupportedScriptOf(tokens.letters);
    if (unsupportedScript) return { allowed: false, unsupportedScript };
    const kept = findTerms(negative, tokens, {
      ...reading,
      latin: [],
      text: negativePrompt,
      in: 'negative',
    });
    if (kept.has('adulthood')) {
      return refusal('negated_adulthood', new Map([...found, ...kept]), [
        ['sexual'],
        ['adulthood'],
      ]);
    }
  }
  return { allowed: true };
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
 * regular expression. The shipped lexicons are built once a process (shippedLexicons, shared by
 * every policy); operators' terms and names compile into a small second lexicon read the same way.
 */
export function createPromptPolicy(options: PromptPolicyOptions = {}): PromptPolicy {
  const shipped = options.shipped ?? shippedLexicons(options.extraNames);
  const lexicons = [shipped.positive];
  if (options.operatorTerms?.some(([, terms]) => terms.length > 0)) {
    lexicons.push(new PolicyLexicon(options.operatorTerms));
  }
  const findIn = (tokens: PromptTokens, reading: Reading) => {
    const inflected = new Map<TermKind, Set<string>>();
    const inflectedWords = new Set<number>();
    for (const hit of shipped.inflections.find(tokens, reading.meter)) {
      inflected.set(hit.kind, (inflected.get(hit.kind) ?? new Set()).add(hit.term));
      inflectedWords.add(hit.word);
      const span = spanOfWords(tokens, hit.word, hit.word + 1);
      if (span) noteSaid(reading.said, hit.term, reading.in, reading.text, span);
    }
    const withInflected = { ...reading, inflected: inflectedWords };
    const found = lexicons.map((lexicon) => findTerms(lexicon, tokens, withInflected));
    return mergeFound([...found, inflected]);
  };
  const find = (text: string, meter: StepMeter, now: Date) => {
    const tokens = tokenisePrompt(text, meter);
    return findIn(tokens, readingOf(tokens, text, { meter, now }));
  };
  const allowed = createAllowedPhrases(options.allowedPhrases ?? [], (text) =>
    find(text, createStepMeter(), new Date()),
  );
  return ({ prompts, negativePrompt = '', meter = createStepMeter(), now = new Date(), said }) => {
    const text = prompts.join('\n');
    const tokens = tokenisePrompt(text, meter);
    const unsupportedScript = unsupportedScriptOf(tokens.letters);
    if (unsupportedScript) return { allowed: false, unsupportedScript };
    const reading = readingOf(tokens, text, { meter, now, said });
    const found = findIn(tokens, reading);
    const verdict = judge(found, shipped.negative, negativePrompt, reading);
    if (verdict.allowed || 'unsupportedScript' in verdict) return verdict;
    const exempted = allowed.exempt(text, found, (blanked) => find(blanked, meter, now));
    if (!exempted) return verdict;
    const after = judge(exempted.found, shipped.negative, negativePrompt, reading);
    return after.allowed ? { allowed: true, allowedPhrases: exempted.phrases } : after;
  };
}
