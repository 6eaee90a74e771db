import unhomoglyph from 'unhomoglyph';
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
const folded = new Map<string, string>();

function withoutMarks(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD')) if (!COMBINING_MARK.test(char)) out += char;
  return out.toLowerCase();
}

/** One character to lower-case ASCII (or itself when nothing looks like it), cached. */
function foldOne(char: string): string {
  const cached = folded.get(char);
  if (cached !== undefined) return cached;
  let out = withoutMarks(char);
  if (/[^\x20-\x7e]/.test(out)) {
    let mapped = '';
    for (const part of out) {
      mapped += EXTRA_LOOK_ALIKES[part] ?? withoutMarks(unhomoglyph(part));
    }
    out = mapped;
  }
  // The cache holds at most one entry per distinct character a prompt ever used.
  if (folded.size < 50_000) folded.set(char, out);
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
