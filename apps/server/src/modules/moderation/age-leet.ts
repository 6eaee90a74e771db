import type { StepMeter } from './step-meter';
import { DIGIT_AS_LETTER } from './word-spellings';

/** Letters read as the digits they look like inside a number ("l2" → 12, "l0" → 10). */
const LETTER_AS_DIGIT: Record<string, string> = { o: '0', l: '1', i: '1' };

const isDigit = (char: string) => char >= '0' && char <= '9';
const isLetter = (char: string) => char >= 'a' && char <= 'z';

function asLetters(run: string, one: 'i' | 'l'): string {
  let out = '';
  for (const char of run) out += char === '1' ? one : (DIGIT_AS_LETTER[char] ?? char);
  return out;
}

/** "l2" → "12"; undefined unless every letter looks like a digit. */
function asNumber(run: string): string | undefined {
  let out = '';
  for (const char of run) {
    const digit = isDigit(char) ? char : LETTER_AS_DIGIT[char];
    if (digit === undefined) return undefined;
    out += digit;
  }
  return out;
}

/** One run of letters and digits read for ages: an age word, a number, or as written. */
function readRun(run: string, markers: ReadonlySet<string>): string {
  let letters = false;
  let digits = false;
  for (const char of run) {
    if (isDigit(char)) digits = true;
    else letters = true;
  }
  if (!letters || !digits) return run;
  for (const one of ['l', 'i'] as const) {
    const word = asLetters(run, one);
    if (markers.has(word)) return word;
  }
  // "15yo" stays 15 and yo: only runs whose every letter looks like a digit are numbers, and
  // only when one starts them ("l2"): a letter after digits is an ordinal ending ("2o", "2º").
  return isDigit(run[0] ?? '') ? run : (asNumber(run) ?? run);
}

/**
 * The folded text with leetspeak inside ages read ("10 y34r 0ld" → "10 year old", "l2 yo" →
 * "12 yo"): a run of letters and digits becomes an age word when its leetspeak reading is one
 * (`markers`), or a number when it starts with a letter and every letter in it looks like a
 * digit. Anything else is kept as written, so "15yo", "2º", "4k" and "mp3" read as before. One
 * pass: linear in the text.
 */
export function readLeetInAges(
  text: string,
  markers: ReadonlySet<string>,
  meter: StepMeter,
): string {
  let out = '';
  let run = '';
  for (const char of text) {
    meter.step();
    if (isDigit(char) || isLetter(char)) {
      run += char;
      continue;
    }
    if (run) out += readRun(run, markers);
    run = '';
    out += char;
  }
  return run ? out + readRun(run, markers) : out;
}
