import { detectAges } from './detect-ages';
import { readChar } from './fold-characters';
import type { PolicyLexicon, TermHit, TermKind } from './policy-lexicon';
import { noteSaid, type SaidByTerm, type SaidIn } from './persons-words';
import { KNOWN_WORDS, NOT_MINOR_AFTER, NOT_SCHOOL_BEFORE } from './policy-terms';
import type { StepMeter } from './step-meter';
import type { PromptTokens, Span } from './tokenise-prompt';
import { latinWords, type LatinWord } from './transliterated-names';

/** The terms found, by kind, each listed once in the order found. */
export type Found = Map<TermKind, Set<string>>;

export function mergeFound(all: readonly Found[]): Found {
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
export interface Reading {
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

export const scriptOfChar = (char: string) => readChar(char).script;

export function readingOf(
  tokens: PromptTokens,
  text: string,
  options: { meter: StepMeter; now: Date; said?: SaidByTerm },
): Reading {
  const otherScript = [...tokens.letters.keys()].some((script) => script !== 'latin');
  const latin = otherScript ? latinWords(tokens.written, scriptOfChar, options.meter) : [];
  return { ...options, latin, inflected: new Set(), text, in: 'prompt' };
}

/** Where words `from` to `to` (exclusive) lie in the text read. */
export function spanOfWords(tokens: PromptTokens, from: number, to: number): Span | undefined {
  const first = tokens.spans[from];
  const last = tokens.spans[to - 1];
  return first && last ? [first[0], last[1]] : undefined;
}

/**
 * The terms of one lexicon in a tokenised text, by kind: single words and phrases, words glued
 * together or split, runs of spaced letters, the dense text, emoji, names (misspelled, or
 * transliterated from another script) and ages. Each hit is noted where the person wrote it.
 */
export function findTerms(lexicon: PolicyLexicon, tokens: PromptTokens, reading: Reading): Found {
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
