/** A run of a prompt, marked when it is one of the words the rules matched. */
export interface PromptSegment {
  text: string;
  matched: boolean;
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Chinese, Japanese, Korean and Thai terms match anywhere, as the rules read them. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * Splits `text` around the matched terms (as the word lists write them) where the prompt writes
 * them as whole words, in any case. Leetspeak or misspelled forms the rules also caught stay
 * unmarked: the refusal still names them.
 */
export function highlightTerms(text: string, terms: readonly string[]): PromptSegment[] {
  const patterns = [...terms]
    .filter((term) => term.trim())
    .sort((a, b) => b.length - a.length)
    .map((term) =>
      SPACELESS.test(term)
        ? escape(term)
        : `(?<![\\p{L}\\p{N}])${escape(term).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`,
    );
  if (patterns.length === 0) return text ? [{ text, matched: false }] : [];
  const pattern = new RegExp(patterns.join('|'), 'giu');
  const segments: PromptSegment[] = [];
  let from = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > from) segments.push({ text: text.slice(from, found.index), matched: false });
    segments.push({ text: found[0], matched: true });
    from = found.index + found[0].length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), matched: false });
  return segments;
}
