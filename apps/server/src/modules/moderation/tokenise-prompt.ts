import { readLeetInAges } from './age-leet';
import { splitAgeTokens, type AgeTokens } from './age-tokens';
import { AGE_WORDS } from './age-words';
import { foldCharacters, readChar } from './fold-characters';
import type { Script } from './letter-scripts';
import { isDenseChar, isOtherScriptLetter } from './scripts';
import { createStepMeter, type StepMeter } from './step-meter';
import { ALL_LANGUAGE_TERMS } from './terms';
import { BIRTHDAY, GRADE, YEARS, YEARS_OLD } from './terms/en-ages';

export type { AgeTokens };

export interface Neighbours {
  glued: string;
  /** Index in `words` of the second of the two. */
  index: number;
}

/** What the matchers read: one pass over the folded text builds all of it. */
export interface PromptTokens {
  /** Split at every non-alphanumeric and at digit/letter edges, no leetspeak: "15yo" → 15, yo. */
  ageTokens: AgeTokens;
  /** Per word (split at punctuation), its spellings after leetspeak and stretched letters. */
  words: string[][];
  /** Per word, its characters as written (case kept): what stemmers and transliteration read. */
  written: string[];
  /** Per word: it follows an elided word ("l'oli"), so it is never glued to the word before. */
  afterElision: boolean[];
  /** Words glued across inner punctuation ("ch.ild") and spaced-out runs ("c h i l d"). */
  glued: string[];
  /** Each pair of neighbouring words glued ("chi ld"), for the minor and name lists only. */
  neighbours: Neighbours[];
  /** Spaced-out letters joined ("s e x y t e e n" → "sexyteen"): searched for terms inside. */
  runs: string[];
  /**
   * The characters of scripts written without spaces (Chinese, Japanese, Korean, Thai) in order,
   * spaces and punctuation between them dropped, any other letter or digit as '|': searched for
   * terms inside, with no word boundaries.
   */
  dense: string;
  /** How many letters of each script the prompt holds (letter-scripts.ts). */
  letters: ReadonlyMap<Script, number>;
  /** The emoji in the order written, without the skin tones and joiners that modify them. */
  emoji: string[];
}

/** Leetspeak: digits and symbols read as the letters they stand for; z reads as s. */
const LEET: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  z: 's',
};

const isDigit = (char: string) => char >= '0' && char <= '9';
const isLetter = (char: string) => char >= 'a' && char <= 'z';
const isWordChar = (char: string) =>
  isLetter(char) || isDigit(char) || char === '@' || char === '$' || isOtherScriptLetter(char);

/** The dense-script reading of the folded text (PromptTokens.dense). */
function denseText(text: string, meter: StepMeter): string {
  let out = '';
  for (const char of text) {
    meter.step();
    if (isDenseChar(char)) out += char;
    else if (isWordChar(char) && !out.endsWith('|')) out += '|';
  }
  return out;
}

function leet(word: string, one: 'i' | 'l'): string {
  let out = '';
  for (const char of word) out += char === '1' ? one : (LEET[char] ?? char);
  return out;
}

/** "teeeen" → teen and ten: three or more of a letter squeezed to two and to one. */
function squeezed(word: string, keep: 1 | 2): string {
  let out = '';
  let run = 0;
  for (let index = 0; index < word.length; index += 1) {
    run = index > 0 && word[index] === word[index - 1] ? run + 1 : 1;
    if (run <= keep) out += word[index];
  }
  return out;
}

function hasStretch(word: string): boolean {
  for (let index = 2; index < word.length; index += 1) {
    if (word[index] === word[index - 1] && word[index] === word[index - 2]) return true;
  }
  return false;
}

/** The spellings one word may stand for; the first is the plain leetspeak reading. */
export function spellingsOf(word: string): string[] {
  const readings = word.includes('1') ? [leet(word, 'i'), leet(word, 'l')] : [leet(word, 'i')];
  const out = [...readings];
  for (const reading of readings) {
    if (hasStretch(reading)) out.push(squeezed(reading, 2), squeezed(reading, 1));
  }
  return out;
}

/** A word written before an apostrophe that elides it ("l'", "dell'", "qu'"), in any language. */
const ELIDED: ReadonlySet<string> = new Set(
  ALL_LANGUAGE_TERMS.flatMap((terms) => terms.elided ?? []).map((word) =>
    foldCharacters(word, createStepMeter()),
  ),
);
const APOSTROPHES: ReadonlySet<string> = new Set(["'", '`', '\u2018', '\u2019', '\u02bc']);

/** Age words whose leetspeak is read inside ages ("y34r", "0ld"): English and every unit. */
const AGE_MARKERS: ReadonlySet<string> = new Set([
  ...YEARS,
  ...YEARS_OLD,
  ...BIRTHDAY,
  ...GRADE,
  'old',
  ...[...AGE_WORDS.units.keys()].filter((unit) => /^[a-z]+$/.test(unit)),
]);

/**
 * Reads the prompt character by character (folded, readChar) and word by word: linear in its
 * length. Each word keeps its letters as written too, for the readers that need the script
 * (stemmers, transliteration).
 */
export function tokenisePrompt(prompt: string, meter: StepMeter): PromptTokens {
  let text = '';
  const words: string[][] = [];
  const written: string[] = [];
  const afterElision: boolean[] = [];
  let elidedBefore = false;
  const glued: string[] = [];
  const neighbours: Neighbours[] = [];
  const runs: string[] = [];
  const letters = new Map<Script, number>();
  const emoji: string[] = [];
  // Spaced-out letters and digits as written: read for ages ("1 5 y e a r o l d").
  const rawRuns: string[] = [];
  let run = '';
  let rawRun = '';
  let runLength = 0;
  const endRun = () => {
    if (runLength >= 3) {
      runs.push(run);
      glued.push(run);
      rawRuns.push(rawRun);
    }
    run = '';
    rawRun = '';
    runLength = 0;
  };
  // A chunk is what lies between spaces; its words are split at punctuation ("ch.ild").
  let whole = '';
  let word = '';
  let wordWritten = '';
  let parts = 0;
  const endWord = () => {
    if (!word) return;
    parts += 1;
    // A number stays a number ("under 18"); leetspeak is for words with letters in them.
    const spellings = /^[0-9]+$/.test(word) ? [word] : spellingsOf(word);
    meter.step(spellings.length);
    const previous = words.at(-1)?.[0];
    // Neighbours glued ("chi ld"): words of two letters or more; single letters form runs.
    if (previous && previous.length > 1 && word.length > 1 && !elidedBefore) {
      neighbours.push({ glued: previous + spellingsOf(word)[0], index: words.length });
    }
    if (word.length === 1) {
      run += spellingsOf(word)[0];
      rawRun += word;
      runLength += 1;
    } else endRun();
    words.push(spellings);
    written.push(wordWritten);
    afterElision.push(elidedBefore);
    elidedBefore = false;
    word = '';
    wordWritten = '';
  };
  const endChunk = () => {
    endWord();
    if (parts > 1) glued.push(spellingsOf(whole)[0] ?? whole);
    whole = '';
    parts = 0;
  };
  for (const char of prompt) {
    meter.step();
    const read = readChar(char);
    if (read.script) letters.set(read.script, (letters.get(read.script) ?? 0) + 1);
    if (read.emoji) emoji.push(char);
    text += read.folded;
    let kept = false;
    for (const folded of read.folded) {
      if (folded === ' ') endChunk();
      else if (isWordChar(folded)) {
        word += folded;
        whole += folded;
        if (!kept) wordWritten += char;
        kept = true;
      } else {
        // "l'oli" is "l'" and "oli", never "loli": an elided word ends the chunk.
        const elided = APOSTROPHES.has(folded) && ELIDED.has(word);
        endWord();
        if (elided) {
          endChunk();
          elidedBefore = true;
        }
      }
    }
  }
  endChunk();
  endRun();
  const ageText = readLeetInAges(text, AGE_MARKERS, meter);
  return {
    ageTokens: splitAgeTokens([ageText, ...rawRuns], meter),
    words,
    written,
    afterElision,
    glued,
    neighbours,
    runs,
    dense: denseText(text, meter),
    letters,
    emoji,
  };
}
