import { EMOJI_TERMS } from './emoji-terms';
import { foldedWords } from './policy-lexicon';
import type { TermKind } from './term-trie';
import { ALL_LANGUAGE_TERMS } from './terms';
import { NOT_SCHOOL_BEFORE } from './terms/en';
import type { LanguageTerms } from './terms/language-terms';

/** Every language's terms by kind, for the prompt's lexicon and the negative prompt's. */
export function termsByKind(names: readonly string[]) {
  const of = (pick: (terms: LanguageTerms) => readonly string[] | undefined) =>
    [...ALL_LANGUAGE_TERMS, EMOJI_TERMS].flatMap((terms) => pick(terms) ?? []);
  const positive: Array<readonly [TermKind, readonly string[]]> = [
    ['minor', of((terms) => terms.minor)],
    ['inherent', of((terms) => terms.inherent)],
    ['school', of((terms) => terms.school)],
    ['baby', of((terms) => terms.baby)],
    ['sexual', of((terms) => terms.sexual)],
    ['neutral', of((terms) => terms.neutral)],
    ['name', names],
  ];
  const negative: Array<readonly [TermKind, readonly string[]]> = [
    ['adulthood', of((terms) => terms.adulthood)],
  ];
  return { positive, negative };
}

/**
 * "baby oil", "anak kucing" (kitten), "escuela de arte": a term followed by one of these words
 * is not a minor or school signal. Keyed by the term's folded words, spaced and squashed.
 */
function collectNotMinorAfter(): Map<string, ReadonlySet<string>> {
  const out = new Map<string, Set<string>>();
  for (const { notMinorAfter } of ALL_LANGUAGE_TERMS) {
    for (const [term, followers] of Object.entries(notMinorAfter ?? {})) {
      const words = foldedWords(term);
      const folded = followers.flatMap((follower) => foldedWords(follower).slice(0, 1));
      for (const key of [words.join(' '), words.join('')]) {
        const set = out.get(key) ?? new Set<string>();
        folded.forEach((word) => set.add(word));
        out.set(key, set);
      }
    }
  }
  return out;
}

export const NOT_MINOR_AFTER = collectNotMinorAfter();
export { NOT_SCHOOL_BEFORE };

/**
 * Every word the lists know, folded (terms of every kind, adulthood and neutral words, age words):
 * a word the lists know is never read as part of a transliterated name ("25 років" is an age,
 * not the name whose consonants it shares).
 */
function collectKnownWords(): ReadonlySet<string> {
  const known = new Set<string>();
  for (const terms of ALL_LANGUAGE_TERMS) {
    const { ages } = terms;
    const lists = [
      terms.minor,
      terms.inherent,
      terms.school,
      terms.baby,
      terms.sexual,
      terms.adulthood,
      terms.neutral,
      ages?.units,
      ages?.birthdays,
      ages?.subjects,
      ages?.teens,
      ages?.tens,
      ages?.spans?.before,
      ages?.spans?.after,
      Object.keys(ages?.numbers ?? {}),
    ];
    for (const list of lists) {
      for (const term of list ?? []) foldedWords(term).forEach((word) => known.add(word));
    }
  }
  return known;
}

export const KNOWN_WORDS = collectKnownWords();
