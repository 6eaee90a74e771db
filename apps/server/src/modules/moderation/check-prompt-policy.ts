import type { ContentRule } from '@nocturne/contract/generations/content-policy';
import { detectAges } from './detect-ages';
import { readChar } from './fold-characters';
import { InflectionIndex } from './inflections';
import type { Script } from './letter-scripts';
import { PolicyLexicon, type TermHit, type TermKind } from './policy-lexicon';
import { createAllowedPhrases } from './allowed-phrases';
import { noteSaid, type SaidByTerm, type SaidIn } from './persons-words';
import { KNOWN_WORDS, NOT_MINOR_AFTER, NOT_SCHOOL_BEFORE, termsByKind } from './policy-terms';
import { DEFAULT_REAL_PEOPLE } from './real-people';
import { createStepMeter, type StepMeter } from './step-meter';
import { LANGUAGES } from './terms';
import { tokenisePrompt, type PromptTokens, type Span } from './tokenise-prompt';
import { latinWords, type LatinWord } from './transliterated-names';
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

/** What one reading of a prompt needs besides its tokens. */
interface Reading {
  meter: StepMeter;
  now: Date;
  /** The words in Latin letters when any was written in another script (for names), else none. */
  latin: readonly LatinWord[];
  /** Indices of words that are inflected terms (inflections.ts): not part of a name either. */
  inflected: ReadonlySet<number>;
  /** The text read, which of the submit's texts it is, and where to note the person's words. */
  text: string;
  in: SaidIn;
  said?: SaidByTerm;
}

const scriptOfChar = (char: string) => readChar(char).script;

/** The script of a word: its first letter's. */
function scriptOfWord(word: string): Script | undefined {
  for (const char of word) {
    const script = scriptOfChar(char);
    if (script) return script;
  }
  return undefined;
}

function readingOf(
  tokens: PromptTokens,
  text: string,
  options: { meter: StepMeter; now: Date; said?: SaidByTerm },
): Reading {
  const otherScript = [...tokens.letters.keys()].some((script) => script !== 'latin');
  const latin = otherScript ? latinWords(tokens.written, scriptOfChar, options.meter) : [];
  return { ...options, latin, inflected: new Set(), text, in: 'prompt' };
}

/** Where words `from` to `to` (exclusive) lie in the text read. */
function spanOfWords(tokens: PromptTokens, from: number, to: number): Span | undefined {
  const first = tokens.spans[from];
  const last = tokens.spans[to - 1];
  return first && last ? [first[0], last[1]] : undefined;
}

function findTerms(lexicon: PolicyLexicon, tokens: PromptTokens, reading: Reading): Found {
  const { meter } = reading;
  const found: Found = new Map();
  const note = (hit: TermHit, span?: Span) => {
    // A Cyrillic or Greek term counts only where the prompt has its letters (TermHit.script).
    if (hit.script && !tokens.letters.has(hit.script)) return;
    const terms = found.get(hit.kind) ?? new Set<string>();
    found.set(hit.kind, terms.add(hit.term));
    if (span) noteSaid(reading.said, hit.term, reading.in, reading.text, span);
  };
  const noteWords = (from: number, to: number) => (hit: TermHit) =>
    note(hit, spanOfWords(tokens, from, to));
  const { words } = tokens;
  // Words that are terms themselves: never read as part of a transliterated name.
  const termWords = new Set<number>();
  words.forEach((_spellings, index) => {
    for (const phrase of lexicon.phrasesAt(words, index, meter)) {
      for (let offset = 0; offset < phrase.words.length; offset += 1) termWords.add(index + offset);
      const following = words[index + phrase.words.length]?.[0] ?? '';
      const preceding = words[index - 1]?.[0] ?? '';
      const spaced = phrase.words.join(' ');
      if (followedByException(spaced, following)) continue;
      if (spaced === 'school' && NOT_SCHOOL_BEFORE.includes(preceding)) continue;
      noteWords(index, index + phrase.words.length)(phrase);
    }
    // One typo away from a long term ("todler", "chidlren", "taylr swift").
    const longest = Math.min(lexicon.longestPhrase, words.length - index);
    for (let length = 1; length <= longest; length += 1) {
      // "l'oli" is never "loli": no word is glued across an elision.
      if (length > 1 && tokens.afterElision[index + length - 1] === true) break;
      const squashed = words
        .slice(index, index + length)
        .map((spellings) => spellings[0])
        .join('');
      // No term is longer: longer glued candidates match nothing, exactly, one typo away, or
      // as a name misspelled twice.
      if (squashed.length > lexicon.longestTerm + 2) break;
      if (followedByException(squashed, words[index + length]?.[0] ?? '')) continue;
      // A single word's exact matches are phrasesAt's (with their exceptions): typos only here.
      const match = { exact: length > 1, fuzzy: true };
      for (const hit of lexicon.hitsOfGlued(squashed, meter, match)) {
        // Glued words are read for minors and names only: "the pen is" is not a sexual term.
        if (length === 1 || hit.kind !== 'sexual') noteWords(index, index + length)(hit);
      }
      // Misspelled names ("Scarlet Johanson", "taylerswift"): one to three words.
      if (length <= 3) {
        const window = words.slice(index, index + length).map((spellings) => spellings[0] ?? '');
        lexicon.namesNear(window, meter).forEach(noteWords(index, index + length));
      }
    }
  });
  tokens.glued.forEach((candidate, at) => {
    for (const hit of lexicon.hitsOfGlued(candidate, meter, { exact: true, fuzzy: true })) {
      note(hit, tokens.gluedSpans[at]);
    }
  });
  for (const { glued, index } of tokens.neighbours) {
    if (followedByException(glued, words[index + 1]?.[0] ?? '')) continue;
    for (const hit of lexicon.hitsOfGlued(glued, meter, { exact: true, fuzzy: false })) {
      if (hit.kind !== 'sexual') noteWords(index - 1, index + 1)(hit);
    }
  }
  tokens.runs.forEach((run, at) => {
    for (const hit of lexicon.hitsInRun(run, meter)) note(hit, tokens.runSpans[at]);
  });
  lexicon.hitsInDense(tokens.dense, meter).forEach((hit) => note(hit));
  for (const emoji of tokens.emoji) lexicon.hitsOfEmoji(emoji).forEach((hit) => note(hit));
  if (reading.latin.length > 0) {
    // A word the lists know, or a run of a spaceless script holding a term ("ヌード").
    const isTerm = reading.latin.map(
      ({ word, segment }) =>
        termWords.has(word) ||
        reading.inflected.has(word) ||
        KNOWN_WORDS.has(words[word]?.[0] ?? '') ||
        lexicon.denseWordHasTerm(segment, meter),
    );
    lexicon.namesTransliterated(reading.latin, isTerm, meter).forEach((hit) => note(hit));
  }
  const ages = detectAges(tokens.ageTokens, meter, reading.now);
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

/** The shipped word lists (and PROMPT_POLICY_EXTRA_NAMES_FILE's names) compiled: built once. */
export interface ShippedLexicons {
  positive: PolicyLexicon;
  negative: PolicyLexicon;
  /** Inflected forms and compounds of the shipped terms (inflections.ts). */
  inflections: InflectionIndex;
}

export function createShippedLexicons(extraNames: readonly string[] = []): ShippedLexicons {
  const terms = termsByKind([...DEFAULT_REAL_PEOPLE, ...extraNames]);
  return {
    positive: new PolicyLexicon(terms.positive),
    negative: new PolicyLexicon(terms.negative),
    inflections: new InflectionIndex(LANGUAGES, scriptOfWord, NOT_MINOR_AFTER),
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
