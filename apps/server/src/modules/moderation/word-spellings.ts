/** Digits read as the letters they stand for ("y34r" → year); each caller reads a 1 itself. */
export const DIGIT_AS_LETTER: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
};

/** Leetspeak: the digits and symbols read as the letters they stand for; z reads as s. */
const LEET: Record<string, string> = { ...DIGIT_AS_LETTER, '@': 'a', $: 's', z: 's' };

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

/**
 * The spellings one word may stand for; the first is the plain leetspeak reading. A 1 is read as
 * i and as l; a stretched word (three or more of a letter) also as two and as one of it.
 */
export function spellingsOf(word: string): string[] {
  const readings = word.includes('1') ? [leet(word, 'i'), leet(word, 'l')] : [leet(word, 'i')];
  const out = [...readings];
  for (const reading of readings) {
    if (hasStretch(reading)) out.push(squeezed(reading, 2), squeezed(reading, 1));
  }
  return out;
}
