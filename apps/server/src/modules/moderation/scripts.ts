/**
 * Which characters of the folded text belong to words, and which are written without spaces
 * between words (Chinese, Japanese kana, Korean Hangul, Thai): those are matched anywhere in the
 * text, not word by word.
 */
const DENSE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0e00, 0x0e7f], // Thai
  [0x1100, 0x11ff], // Hangul jamo
  [0x3040, 0x30ff], // Hiragana, Katakana
  [0x3130, 0x318f], // Hangul compatibility jamo
  [0x31f0, 0x31ff], // Katakana extensions
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xac00, 0xd7af], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0x20000, 0x2fa1f], // CJK extensions B–F and supplements
];

export function isDenseChar(char: string): boolean {
  const codePoint = char.codePointAt(0) ?? 0;
  if (codePoint < 0x0e00) return false;
  return DENSE_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high);
}

const LETTER_OR_MARK = /[\p{L}\p{M}\p{N}]/u;

/** A letter, mark or digit of a script other than ASCII (Cyrillic, Arabic, Devanagari…). */
export function isOtherScriptLetter(char: string): boolean {
  return char > '\x7f' && LETTER_OR_MARK.test(char);
}
