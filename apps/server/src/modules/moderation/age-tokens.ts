import { isDenseChar, isOtherScriptLetter } from './scripts';
import type { StepMeter } from './step-meter';

export interface AgeTokens {
  tokens: string[];
  /** Per token: a clause ends right after it (punctuation or the end, not a ratio or decimal). */
  clauseEnds: boolean[];
  /** Per token: it continues a weight, ratio or tag (right after '.', ':' or '_'). */
  joined: boolean[];
}

/** Characters that end a clause after a number ("girl, 15," / "girl (14)" / "… 13"). */
const CLAUSE_END = new Set([',', ';', '(', ')', '[', ']', '!', '?', '\n', '|', '、', '，', '。']);
/** A number right after these is part of a weight, ratio or tag ("(girl:1.2)", "score_9"). */
const NUMBER_JOINERS = new Set(['.', ':', '_']);
/**
 * Chinese and Japanese numerals, kept together as one token ("十二歳" → 十二, 歳). "ー" is how
 * folding writes "一" (its look-alike, the katakana long vowel).
 */
const CJK_NUMERALS = new Set([...'〇零一二三四五六七八九十两兩ー']);

type CharKind = 'digit' | 'numeral' | 'letter' | 'single' | 'other';

const isDigit = (char: string) => char >= '0' && char <= '9';

function kindOf(char: string): CharKind {
  if (isDigit(char)) return 'digit';
  if (CJK_NUMERALS.has(char)) return 'numeral';
  const code = char.codePointAt(0) ?? 0;
  // Han, kana and Thai characters are read one at a time ("12歳", "岁"); Hangul words as words.
  if (isDenseChar(char) && !(code >= 0xac00 && code <= 0xd7af)) return 'single';
  if ((char >= 'a' && char <= 'z') || isOtherScriptLetter(char)) return 'letter';
  return 'other';
}

/**
 * Splits folded texts at every non-alphanumeric and at digit/letter edges, with no leetspeak
 * ("15yo" → 15, yo): the tokens the age reader walks. Each text ends a clause.
 */
export function splitAgeTokens(texts: readonly string[], meter: StepMeter): AgeTokens {
  const out: AgeTokens = { tokens: [], clauseEnds: [], joined: [] };
  for (const text of texts) {
    let current = '';
    let currentKind: CharKind = 'other';
    let startedAfter = '';
    const chars = [...text];
    const push = (index: number) => {
      if (!current) return;
      const next = chars[index];
      const afterNext = chars[index + 1];
      out.tokens.push(current);
      out.clauseEnds.push(
        next === undefined ||
          CLAUSE_END.has(next) ||
          (next === '.' && (afterNext === undefined || !isDigit(afterNext))),
      );
      out.joined.push(NUMBER_JOINERS.has(startedAfter));
      current = '';
    };
    chars.forEach((char, index) => {
      meter.step();
      const kind = kindOf(char);
      if (kind === 'other' || kind === 'single' || (current && kind !== currentKind)) push(index);
      if (kind !== 'other') {
        if (!current) startedAfter = chars[index - 1] ?? '';
        current += char;
        currentKind = kind;
        if (kind === 'single') push(index + 1);
      }
    });
    push(chars.length);
  }
  return out;
}
