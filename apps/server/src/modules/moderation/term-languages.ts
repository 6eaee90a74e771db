import { LANGUAGES, type LanguageCode } from './terms';
import type { LanguageTerms } from './terms/language-terms';

const LISTS = ['minor', 'inherent', 'school', 'baby', 'sexual', 'adulthood'] as const;

/** Each shipped term, as its list writes it, with the languages whose lists hold it. */
function indexTerms(): ReadonlyMap<string, readonly LanguageCode[]> {
  const index = new Map<string, LanguageCode[]>();
  for (const [code, terms] of Object.entries(LANGUAGES) as Array<[LanguageCode, LanguageTerms]>) {
    for (const term of LISTS.flatMap((list) => terms[list] ?? [])) {
      const codes = index.get(term) ?? [];
      if (!codes.includes(code)) codes.push(code);
      index.set(term, codes);
    }
  }
  return index;
}

const BY_TERM = indexTerms();

/**
 * The languages of the shipped lists that hold the matched words (a refusal names the terms as
 * the lists write them), in the order of LANGUAGES; operators' terms and names add none.
 */
export function termLanguages(matched: readonly string[]): LanguageCode[] {
  const found = new Set(matched.flatMap((term) => BY_TERM.get(term) ?? []));
  return (Object.keys(LANGUAGES) as LanguageCode[]).filter((code) => found.has(code));
}
