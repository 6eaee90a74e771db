/** A run of a prompt, marked when it is one of the words the rules matched. */
export interface PromptSegment {
  text: string;
  matched: boolean;
}

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Chinese, Japanese, Korean and Thai terms match anywhere, as the rules read them. */
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** A character without its accents: the rules read "niña" as "nina". */
const foldChar = (char: string) => char.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * `text` without accents, and for each of its positions (and its end) the position in `text` it
 * came from, so a match in the folded text marks the person's own characters.
 */
function foldWithPositions(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  let at = 0;
  for (const char of text) {
    const plain = foldChar(char);
    for (let index = 0; index < plain.length; index += 1) origins.push(at);
    folded += plain;
    at += char.length;
  }
  origins.push(at);
  return { folded, origins };
}

function termPattern(term: string): string {
  const folded = escape(foldChar(term));
  return SPACELESS.test(term)
    ? folded
    : `(?<![\\p{L}\\p{N}])${folded.replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`;
}

/**
 * Splits `text` around the matched terms (as the word lists write them) where the prompt writes
 * them as whole words, in any case and with or without accents, so "una niña" is marked for the
 * term "una nina". Leetspeak or misspelled forms the rules also caught stay unmarked: the refusal
 * still names them.
 */
export function highlightTerms(text: string, terms: readonly string[]): PromptSegment[] {
  const patterns = [...terms]
    .filter((term) => term.trim())
    .sort((a, b) => b.length - a.length)
    .map(termPattern);
  if (patterns.length === 0) return text ? [{ text, matched: false }] : [];
  const pattern = new RegExp(patterns.join('|'), 'giu');
  const { folded, origins } = foldWithPositions(text);
  const segments: PromptSegment[] = [];
  let from = 0;
  for (const found of folded.matchAll(pattern)) {
    const start = origins[found.index]!;
    const end = origins[found.index + found[0].length]!;
    if (start > from) segments.push({ text: text.slice(from, start), matched: false });
    segments.push({ text: text.slice(start, end), matched: true });
    from = end;
  }
  if (from < text.length) segments.push({ text: text.slice(from), matched: false });
  return segments;
}

/** The person's own spellings of `term` in `texts` (each once): "niña" for the term "nina". */
export function personsWordsFor(term: string, texts: readonly string[]): string[] {
  const found = texts.flatMap((text) =>
    highlightTerms(text, [term])
      .filter((segment) => segment.matched)
      .map((segment) => segment.text),
  );
  return [...new Set(found)];
}

/** What a refusal records of its matched words: the lists' terms and the person's own words. */
interface RecordedWords {
  matchedTerms: readonly string[];
  matchedWords: readonly string[];
}

/** The person's own words for the term at `index`: as recorded, else as found in `texts`. */
export function ownWordsAt(refusal: RecordedWords, index: number, texts: readonly string[]) {
  const recorded = refusal.matchedWords[index];
  const term = refusal.matchedTerms[index] ?? '';
  return recorded ? [recorded] : personsWordsFor(term, texts);
}

/** What to mark in a refused prompt: the person's recorded words and the lists' terms. */
export function wordsToMark(refusal: RecordedWords): string[] {
  return [...new Set([...refusal.matchedWords, ...refusal.matchedTerms])];
}

/** A refusal's words in one line, the person's own first: "k1d (kid), naked". */
export function describeMatched(refusal: RecordedWords): string {
  return refusal.matchedTerms
    .map((term, index) => {
      const own = refusal.matchedWords[index];
      return own && own.toLowerCase() !== term.toLowerCase() ? `${own} (${term})` : term;
    })
    .join(', ');
}
