import unhomoglyph from 'unhomoglyph';
import { scriptOfLetter, type Script } from './letter-scripts';
import type { StepMeter } from './step-meter';

/**
 * Look-alikes Unicode's confusables table (the `unhomoglyph` library) leaves alone or maps to
 * something other than the Latin letter a reader sees: Cyrillic and Greek lower-case letters,
 * small capitals, and Latin letters with a stroke that NFKD does not decompose.
 */
const EXTRA_LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  г: 'r',
  д: 'd',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  л: 'n',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ь: 'b',
  ы: 'bi',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ө: 'o',
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  θ: 'o',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'u',
  ν: 'v',
  ξ: 'e',
  ο: 'o',
  π: 'n',
  ρ: 'p',
  σ: 'o',
  ς: 'c',
  τ: 't',
  υ: 'u',
  φ: 'o',
  χ: 'x',
  ψ: 'w',
  ω: 'w',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ғ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ŧ: 't',
  ƀ: 'b',
  ɨ: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ɵ: 'o',
  ʋ: 'u',
};

/** Characters that render as nothing: zero-width spaces and joiners, soft hyphens, BOMs. */
function isInvisible(codePoint: number): boolean {
  return (
    codePoint === 0xad ||
    codePoint === 0x34f ||
    codePoint === 0x61c ||
    codePoint === 0x180e ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    codePoint === 0xfeff ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
  );
}

const COMBINING_MARK = /\p{M}/u;
const IS_LETTER = /\p{L}/u;
const NOT_WORD = /[^\p{L}\p{M}\p{N}]/u;
const folded = new Map<string, string>();

/**
 * Kept as they are: "ñ" (Spanish "niña" is a child, the name "Nina" is not) and Hangul syllables
 * (NFKD would split them into jamo that the confusables table turns into unrelated letters).
 */
const KEPT: Record<string, string> = { ñ: 'ñ', Ñ: 'ñ' };
const isHangulSyllable = (codePoint: number) => codePoint >= 0xac00 && codePoint <= 0xd7a3;
/** Decimal digits of other scripts (Arabic-Indic, Persian, Devanagari) read as 0–9. */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966];
/** Vowel signs of Indic and Thai scripts are letters a reader sees, not accents: kept. */
const isKeptMark = (codePoint: number) =>
  codePoint !== 0x93c && codePoint >= 0x900 && codePoint <= 0xe7f;

function withoutMarks(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD')) {
    if (!COMBINING_MARK.test(char) || isKeptMark(char.codePointAt(0) ?? 0)) out += char;
  }
  return out.toLowerCase();
}

function keptOrDigit(char: string, codePoint: number): string | undefined {
  if (KEPT[char] !== undefined) return KEPT[char];
  if (isHangulSyllable(codePoint)) return char;
  for (const zero of DIGIT_ZEROS) {
    if (codePoint >= zero && codePoint <= zero + 9) return String(codePoint - zero);
  }
  return undefined;
}

/** Arabic letters written interchangeably: ta marbuta as ha, alif maqsura as ya, hamza forms. */
const SAME_LETTER: Record<string, string> = { ة: 'ه', ى: 'ي', أ: 'ا', إ: 'ا', آ: 'ا' };

/** One character to lower-case ASCII (or itself when nothing looks like it), cached. */
function foldOne(original: string): string {
  const cached = folded.get(original);
  if (cached !== undefined) return cached;
  const char = SAME_LETTER[original] ?? original;
  const kept = keptOrDigit(char, char.codePointAt(0) ?? 0);
  let out = kept ?? withoutMarks(char);
  if (kept === undefined && /[^\x20-\x7e]/.test(out)) {
    let mapped = '';
    for (const part of out) {
      mapped += EXTRA_LOOK_ALIKES[part] ?? withoutMarks(unhomoglyph(part));
    }
    out = mapped;
  }
  // A letter stays a letter: Hebrew yod is not an apostrophe, or its words would split.
  if (IS_LETTER.test(original) && NOT_WORD.test(out)) out = withoutMarks(char);
  // The cache holds at most one entry per distinct character a prompt ever used.
  if (folded.size < 50_000) folded.set(original, out);
  return out;
}

/**
 * Case, accents (NFKD), full-width and mathematical forms, Cyrillic/Greek look-alikes and
 * invisible characters folded away, one character at a time: linear in the text.
 */
export function foldCharacters(text: string, meter: StepMeter): string {
  let out = '';
  for (const char of text) {
    meter.step();
    const codePoint = char.codePointAt(0) ?? 0;
    if (isInvisible(codePoint)) continue;
    out += codePoint < 0x80 ? char.toLowerCase() : foldOne(char);
  }
  return out;
}

/** One character of a prompt as the reader sees it. */
export interface ReadChar {
  /** Folded (foldCharacters): empty for an invisible character. */
  folded: string;
  /** Its script when it is a letter (letter-scripts.ts). */
  script: Script | undefined;
  /** An emoji (a pictograph: "👧", not the skin tone or joiner that may follow it). */
  emoji: boolean;
}

const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const readChars = new Map<string, ReadChar>();

function readOther(char: string): ReadChar {
  const codePoint = char.codePointAt(0) ?? 0;
  if (isInvisible(codePoint)) return { folded: '', script: undefined, emoji: false };
  const folded = codePoint < 0x80 ? char.toLowerCase() : foldOne(char);
  return { folded, script: scriptOfLetter(char, folded), emoji: PICTOGRAPH.test(char) };
}

/** A character folded, with its script and whether it is an emoji; cached per character. */
export function readChar(char: string): ReadChar {
  const cached = readChars.get(char);
  if (cached) return cached;
  const read = readOther(char);
  // At most one entry per distinct character a prompt ever used (bounded like foldOne's).
  if (readChars.size < 50_000) readChars.set(char, read);
  return read;
}
