import { foldCharacters } from './fold-characters';
import type { StepMeter } from './step-meter';

export interface Neighbours {
  glued: string;
  /** Index in `words` of the second of the two. */
  index: number;
}

export interface AgeTokens {
  tokens: string[];
  /** Per token: a clause ends right after it (punctuation or the end, not a ratio or decimal). */
  clauseEnds: boolean[];
  /** Per token: it continues a weight, ratio or tag (right after '.', ':' or '_'). */
  joined: boolean[];
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
  isLetter(char) || isDigit(char) || char === '@' || char === '$';

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

/** Characters that end a clause after a number ("girl, 15," / "girl (14)" / "… 13"). */
const CLAUSE_END = new Set([',', ';', '(', ')', '[', ']', '!', '?', '\n', '|']);
/** A number right after these is part of a weight, ratio or tag ("(girl:1.2)", "score_9"). */
const NUMBER_JOINERS = new Set(['.', ':', '_']);

function splitAgeTokens(text: string, meter: StepMeter): AgeTokens {
  const tokens: string[] = [];
  const clauseEnds: boolean[] = [];
  const joined: boolean[] = [];
  let current = '';
  let startedAfter = '';
  const chars = [...text];
  const push = (index: number) => {
    if (!current) return;
    const next = chars[index];
    const afterNext = chars[index + 1];
    tokens.push(current);
    clauseEnds.push(
      next === undefined ||
        CLAUSE_END.has(next) ||
        (next === '.' && (afterNext === undefined || !isDigit(afterNext))),
    );
    joined.push(NUMBER_JOINERS.has(startedAfter));
    current = '';
  };
  chars.forEach((char, index) => {
    meter.step();
    const kind = isDigit(char) ? 'digit' : isLetter(char) ? 'letter' : 'other';
    const previous = current.at(-1);
    const previousKind = previous === undefined ? 'none' : isDigit(previous) ? 'digit' : 'letter';
    if (kind === 'other' || (previous !== undefined && kind !== previousKind)) push(index);
    if (kind !== 'other') {
      if (!current) startedAfter = chars[index - 1] ?? '';
      current += char;
    }
  });
  push(chars.length);
  return { tokens, clauseEnds, joined };
}

/** Folds the prompt, then reads it word by word: linear in its length. */
export function tokenisePrompt(prompt: string, meter: StepMeter): PromptTokens {
  const text = foldCharacters(prompt, meter);
  const words: string[][] = [];
  const glued: string[] = [];
  const neighbours: Neighbours[] = [];
  const runs: string[] = [];
  let run = '';
  let runLength = 0;
  const endRun = () => {
    if (runLength >= 3) {
      runs.push(run);
      glued.push(run);
    }
    run = '';
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
  return { ageTokens: splitAgeTokens(text, meter), words, glued, neighbours, runs };
}
