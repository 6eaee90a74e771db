import type { TermKind } from './term-trie';
import { isDenseChar } from './scripts';

type Found = Map<TermKind, Set<string>>;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A prompt as phrases are looked for in it: the same text whatever its case or width. */
export function normaliseText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** An allowed phrase as stored and compared: normalised, single spaces, trimmed. */
export function normalisePhrase(phrase: string): string {
  return normaliseText(phrase).replace(/\s+/g, ' ').trim();
}

/** The kinds a prompt is judged by ("adult age" only matters in a negative prompt). */
const JUDGED: ReadonlySet<TermKind> = new Set([
  'minor',
  'inherent',
  'school',
  'baby',
  'sexual',
  'name',
]);

const keysOf = (found: Found) =>
  [...found]
    .filter(([kind]) => JUDGED.has(kind))
    .flatMap(([kind, terms]) => [...terms].map((term) => `${kind}\u0000${term}`));

/** A phrase ends where the prompt's next character cannot continue its word. */
function atBoundary(text: string, index: number, edge: string | undefined): boolean {
  const next = text[index];
  if (next === undefined || edge === undefined) return true;
  if (isDenseChar(next) || isDenseChar(edge)) return true;
  return !WORD_CHAR.test(next) || !WORD_CHAR.test(edge);
}

/** The prompt with each whole-word occurrence of `phrase` replaced by a line break. */
function blank(text: string, phrase: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
    const before = atBoundary(text, at - 1, phrase[0]);
    const after = atBoundary(text, at + phrase.length, phrase.at(-1));
    if (at < from || !before || !after) continue;
    out += `${text.slice(from, at)}\n`;
    from = at + phrase.length;
  }
  return out + text.slice(from);
}

export interface Exemption {
  /** What the rules find in the prompt with the allowed phrases taken out. */
  found: Found;
  /** The allowed phrases the prompt holds. */
  phrases: string[];
}

/**
 * Operators' false positives (docs/decisions/059-operator-moderation.md). An allowed phrase
 * exempts exactly the terms the rules find in that phrase on its own, where the prompt writes the
 * phrase as whole words; everything else in the prompt is judged as before. When taking the
 * phrases out makes any other term stop matching (a term that spans the phrase's edge, an age
 * the phrase ends), nothing is exempted. A phrase whose own terms are none exempts nothing.
 */
export function createAllowedPhrases(phrases: readonly string[], findIn: (text: string) => Found) {
  const compiled = phrases
    .map((phrase) => ({ phrase, text: normalisePhrase(phrase) }))
    .filter(({ text }) => text.length > 0)
    .map((entry) => ({ ...entry, own: new Set(keysOf(findIn(entry.text))) }))
    .filter(({ own }) => own.size > 0);
  return {
    exempt(prompt: string, found: Found, findBlanked: (text: string) => Found): Exemption | null {
      if (compiled.length === 0) return null;
      let text = normaliseText(prompt);
      const used: typeof compiled = [];
      for (const entry of compiled) {
        const blanked = blank(text, entry.text);
        if (blanked !== text) used.push(entry);
        text = blanked;
      }
      if (used.length === 0) return null;
      const after = findBlanked(text);
      const still = new Set(keysOf(after));
      const lost = keysOf(found).filter((key) => !still.has(key));
      if (lost.some((key) => !used.some(({ own }) => own.has(key)))) return null;
      return { found: after, phrases: used.map(({ phrase }) => phrase) };
    },
  };
}
