/**
 * The writing system of a letter, by Unicode block: what the rules can read (the scripts of the
 * covered languages, terms/index.ts) and what they cannot (docs/decisions/074-unsupported-scripts-fail-closed.md).
 * Blocks stand in for Unicode's Script property: close enough for whole prompts, and one range
 * lookup per distinct character (the fold cache keeps the answer).
 */
const SCRIPT_BLOCKS = [
  ['greek', 0x0370, 0x03ff],
  ['cyrillic', 0x0400, 0x052f],
  ['armenian', 0x0530, 0x058f],
  ['hebrew', 0x0590, 0x05ff],
  ['arabic', 0x0600, 0x06ff],
  ['syriac', 0x0700, 0x074f],
  ['arabic', 0x0750, 0x077f],
  ['thaana', 0x0780, 0x07bf],
  ['nko', 0x07c0, 0x07ff],
  ['arabic', 0x0870, 0x08ff],
  ['devanagari', 0x0900, 0x097f],
  ['bengali', 0x0980, 0x09ff],
  ['gurmukhi', 0x0a00, 0x0a7f],
  ['gujarati', 0x0a80, 0x0aff],
  ['oriya', 0x0b00, 0x0b7f],
  ['tamil', 0x0b80, 0x0bff],
  ['telugu', 0x0c00, 0x0c7f],
  ['kannada', 0x0c80, 0x0cff],
  ['malayalam', 0x0d00, 0x0d7f],
  ['sinhala', 0x0d80, 0x0dff],
  ['thai', 0x0e00, 0x0e7f],
  ['lao', 0x0e80, 0x0eff],
  ['tibetan', 0x0f00, 0x0fff],
  ['myanmar', 0x1000, 0x109f],
  ['georgian', 0x10a0, 0x10ff],
  ['hangul', 0x1100, 0x11ff],
  ['ethiopic', 0x1200, 0x139f],
  ['cherokee', 0x13a0, 0x13ff],
  ['canadian_aboriginal', 0x1400, 0x167f],
  ['ogham', 0x1680, 0x169f],
  ['runic', 0x16a0, 0x16ff],
  ['baybayin', 0x1700, 0x171f],
  ['khmer', 0x1780, 0x17ff],
  ['mongolian', 0x1800, 0x18af],
  ['canadian_aboriginal', 0x18b0, 0x18ff],
  ['khmer', 0x19e0, 0x19ff],
  ['balinese', 0x1b00, 0x1b7f],
  ['sundanese', 0x1b80, 0x1bbf],
  ['cyrillic', 0x1c80, 0x1c8f],
  ['georgian', 0x1c90, 0x1cbf],
  ['greek', 0x1f00, 0x1fff],
  ['georgian', 0x2d00, 0x2d2f],
  ['tifinagh', 0x2d30, 0x2d7f],
  ['ethiopic', 0x2d80, 0x2ddf],
  ['cyrillic', 0x2de0, 0x2dff],
  ['hiragana', 0x3040, 0x309f],
  ['katakana', 0x30a0, 0x30ff],
  ['bopomofo', 0x3100, 0x312f],
  ['hangul', 0x3130, 0x318f],
  ['katakana', 0x31f0, 0x31ff],
  ['han', 0x3400, 0x4dbf],
  ['han', 0x4e00, 0x9fff],
  ['yi', 0xa000, 0xa4cf],
  ['vai', 0xa500, 0xa63f],
  ['cyrillic', 0xa640, 0xa69f],
  ['devanagari', 0xa8e0, 0xa8ff],
  ['hangul', 0xa960, 0xa97f],
  ['javanese', 0xa980, 0xa9df],
  ['myanmar', 0xa9e0, 0xa9ff],
  ['myanmar', 0xaa60, 0xaa7f],
  ['ethiopic', 0xab00, 0xab2f],
  ['cherokee', 0xab70, 0xabbf],
  ['hangul', 0xac00, 0xd7ff],
  ['han', 0xf900, 0xfaff],
  ['armenian', 0xfb13, 0xfb17],
  ['hebrew', 0xfb1d, 0xfb4f],
  ['arabic', 0xfb50, 0xfdff],
  ['arabic', 0xfe70, 0xfeff],
  ['katakana', 0xff66, 0xff9f],
  ['hangul', 0xffa0, 0xffdc],
  ['han', 0x20000, 0x2fa1f],
] as const;

export type Script = (typeof SCRIPT_BLOCKS)[number][0] | 'latin' | 'other';

/**
 * Scripts the covered languages are written in (terms/index.ts): Latin, Cyrillic and Greek,
 * Hebrew, Arabic (with Persian and Urdu), Devanagari, Bengali, Tamil, Telugu, Thai, and Chinese,
 * Japanese and Korean. A prompt written mostly in any other is not read (unsupported-scripts.ts).
 */
export const COVERED_SCRIPTS: ReadonlySet<Script> = new Set<Script>([
  'latin',
  'cyrillic',
  'greek',
  'hebrew',
  'arabic',
  'devanagari',
  'bengali',
  'tamil',
  'telugu',
  'thai',
  'han',
  'hiragana',
  'katakana',
  'hangul',
]);

const LETTER = /\p{L}/u;

/**
 * The script of one letter, or undefined for anything that is not a letter (digits, marks,
 * punctuation, emoji). A letter outside every block that folds to plain Latin letters
 * (full-width, mathematical and accented forms) is Latin; any other is 'other'.
 */
export function scriptOfLetter(char: string, folded: string): Script | undefined {
  if (!LETTER.test(char)) return undefined;
  const codePoint = char.codePointAt(0) ?? 0;
  if (codePoint < 0x370) return 'latin';
  for (const [script, low, high] of SCRIPT_BLOCKS) {
    if (codePoint < low) break;
    if (codePoint <= high) return script;
  }
  return /^[a-z0-9]+$/.test(folded) ? 'latin' : 'other';
}
