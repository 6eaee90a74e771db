import { splitAgeTokens } from './age-tokens';
import { foldCharacters } from './fold-characters';
import { createStepMeter } from './step-meter';
import { ALL_LANGUAGE_TERMS } from './terms';
import { TokenPhrases } from './token-phrases';

/** A word as the age reader sees it: folded, split like prompt text ("12-jährige" → …). */
function ageTokensOf(word: string): string[] {
  const meter = createStepMeter();
  return splitAgeTokens([foldCharacters(word, meter)], meter).tokens;
}

/** The age words of every language (terms/*.ts `ages`), folded once at start. */
function collect() {
  /** Folded unit → the unit as the word list writes it (for the refusal message). */
  const units = new Map<string, string>();
  const numbers = new Map<string, number>();
  const birthdays = new TokenPhrases();
  const subjects = new Set<string>();
  const spanBefore = new Set<string>();
  const spanAfter = new TokenPhrases();
  for (const { ages } of ALL_LANGUAGE_TERMS) {
    for (const unit of ages?.units ?? []) {
      const tokens = ageTokensOf(unit);
      // A unit of several tokens ("周岁") counts by its last one ("岁"), which is listed too.
      if (tokens.length === 1 && tokens[0] && !units.has(tokens[0])) units.set(tokens[0], unit);
    }
    for (const [word, value] of Object.entries(ages?.numbers ?? {})) {
      const tokens = ageTokensOf(word);
      if (tokens.length === 1 && tokens[0]) numbers.set(tokens[0], value);
    }
    for (const birthday of ages?.birthdays ?? []) birthdays.add(ageTokensOf(birthday), birthday);
    for (const subject of ages?.subjects ?? []) {
      const tokens = ageTokensOf(subject);
      if (tokens.length === 1 && tokens[0]) subjects.add(tokens[0]);
    }
    for (const word of ages?.spans?.before ?? []) {
      const tokens = ageTokensOf(word);
      // One-token words only: a look-alike digit ("через" stays whole, "назад" would not).
      if (tokens.length === 1 && tokens[0]) spanBefore.add(tokens[0]);
    }
    for (const word of ages?.spans?.after ?? []) spanAfter.add(ageTokensOf(word), word);
  }
  const suffixes = new Map<string, (before: number) => number>();
  for (const { ages } of ALL_LANGUAGE_TERMS) {
    for (const word of ages?.teens ?? []) {
      ageTokensOf(word).forEach((token) => suffixes.set(token, (before) => before + 10));
    }
    for (const word of ages?.tens ?? []) {
      ageTokensOf(word).forEach((token) => suffixes.set(token, (before) => before * 10));
    }
  }
  /** Birth-year and school-year words as tokens, with the word as the list writes it. */
  const birthBefore = new TokenPhrases();
  const birthAfter = new TokenPhrases();
  const schoolBefore = new TokenPhrases();
  const schoolAfter = new TokenPhrases();
  const schoolCodes = new TokenPhrases();
  const schoolBeforePerson = new Set<string>();
  for (const { ages } of ALL_LANGUAGE_TERMS) {
    const years = ages?.birthYears;
    const school = ages?.schoolYears;
    for (const word of years?.before ?? []) birthBefore.add(ageTokensOf(word), word);
    for (const word of years?.after ?? []) birthAfter.add(ageTokensOf(word), word);
    for (const word of school?.before ?? []) schoolBefore.add(ageTokensOf(word), word);
    for (const word of school?.after ?? []) schoolAfter.add(ageTokensOf(word), word);
    for (const code of school?.codes ?? []) schoolCodes.add(ageTokensOf(code), code);
    for (const word of school?.beforePerson ?? []) {
      ageTokensOf(word)
        .slice(-1)
        .forEach((token) => schoolBeforePerson.add(token));
    }
  }
  return {
    units,
    numbers,
    birthdays,
    subjects,
    spanBefore,
    spanAfter,
    suffixes,
    birthBefore,
    birthAfter,
    schoolBefore,
    schoolAfter,
    schoolBeforePerson,
    schoolCodes,
  };
}

export const AGE_WORDS = collect();

const CJK_DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  // "一" folded (fold-characters.ts reads it as its look-alike, the katakana long vowel).
  ー: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** "十二" → 12, "二十" → 20, "十" → 10, "五" → 5; undefined for anything else. */
export function cjkNumber(token: string): number | undefined {
  let tens = 0;
  let current = 0;
  for (const char of token) {
    if (char === '十') {
      tens += (current || 1) * 10;
      current = 0;
    } else if (CJK_DIGITS[char] !== undefined) current = CJK_DIGITS[char];
    else return undefined;
  }
  return tens + current;
}

const isHangul = (char: string | undefined) => char !== undefined && char >= '가' && char <= '힣';

/**
 * The age word a token is, as the word list writes it ("años", "歳"), or undefined. Korean
 * particles may follow the unit ("12살의").
 */
export function ageUnit(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const first = token[0];
  return (
    AGE_WORDS.units.get(token) ?? (isHangul(first) ? AGE_WORDS.units.get(first ?? '') : undefined)
  );
}

/** A birthday word starting at `index` of the tokens. */
export function isBirthdayAt(tokens: readonly string[], index: number): boolean {
  return AGE_WORDS.birthdays.startingAt(tokens, index) !== undefined;
}

/** A word after "N years" that makes it a time span ("12 лет назад"), starting at `index`. */
export function isSpanAfterAt(tokens: readonly string[], index: number): boolean {
  return AGE_WORDS.spanAfter.startingAt(tokens, index) !== undefined;
}

/** The birth-year word before or after the year at `index`, as its list writes it. */
export function birthYearWordAt(
  tokens: readonly string[],
  index: number,
): { word: string; before: boolean } | undefined {
  const before = AGE_WORDS.birthBefore.endingAt(tokens, index - 1);
  if (before) return { word: before.value, before: true };
  const after = AGE_WORDS.birthAfter.startingAt(tokens, index + 1);
  return after ? { word: after.value, before: false } : undefined;
}
