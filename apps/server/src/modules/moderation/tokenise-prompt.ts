import { splitAgeTokens, type AgeTokens } from './age-tokens';
import { foldCharacters } from './fold-characters';
import { isDenseChar, isOtherScriptLetter } from './scripts';
import type { StepMeter } from './step-meter';

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

/** Folds the prompt, then reads it word by word: linear in its length. */
export function tokenisePrompt(prompt: string, meter: StepMeter): PromptTokens {
  const text = foldCharacters(prompt, meter);
  const words: string[][] = [];
  const glued: string[] = [];
  const neighbours: Neighbours[] = [];
  const runs: string[] = [];
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
  for (const chunk of text.split(' ')) {
    meter.step();
    let whole = '';
    let word = '';
    let parts = 0;
    const endWord = () => {
      if (!word) return;
      parts += 1;
      // A number stays a number ("under 18"); leetspeak is for words with letters in them.
      const spellings = /^[0-9]+$/.test(word) ? [word] : spellingsOf(word);
      meter.step(spellings.length);
      const previous = words.at(-1)?.[0];
      // Neighbours glued ("chi ld"): words of two letters or more; single letters form runs.
      if (previous && previous.length > 1 && word.length > 1) {
        neighbours.push({ glued: previous + spellingsOf(word)[0], index: words.length });
      }
      if (word.length === 1) {
        run += spellingsOf(word)[0];
        rawRun += word;
        runLength += 1;
      } else endRun();
      words.push(spellings);
      word = '';
    };
    for (const char of chunk) {
      if (isWordChar(char)) {
        word += char;
        whole += char;
      } else endWord();
    }
    endWord();
    if (parts > 1) glued.push(spellingsOf(whole)[0] ?? whole);
  }
  endRun();
  return {
    ageTokens: splitAgeTokens([text, ...rawRuns], meter),
    words,
    glued,
    neighbours,
    runs,
    dense: denseText(text, meter),
  };
}
