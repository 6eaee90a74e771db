import type { Span } from './tokenise-prompt';

/** Which text of a submit the person's words are in. */
export type SaidIn = 'prompt' | 'negative';

/** Where the person wrote the words a term matched, and those words as written. */
export interface SaidWords {
  in: SaidIn;
  span: Span;
  text: string;
}

/**
 * Filled by a policy's reading (PolicyInput.said): for each term found, the first place the
 * person wrote it, as they wrote it (case, accents, leetspeak and spacing kept).
 */
export type SaidByTerm = Map<string, SaidWords>;

/** Records where `term` was written, unless an earlier place is recorded. */
export function noteSaid(
  said: SaidByTerm | undefined,
  term: string,
  inText: SaidIn,
  text: string,
  span: Span,
) {
  if (!said || said.has(term)) return;
  said.set(term, { in: inText, span, text: text.slice(span[0], span[1]) });
}

const inside = (inner: SaidWords, outer: SaidWords) =>
  inner.in === outer.in &&
  outer.span[0] <= inner.span[0] &&
  inner.span[1] <= outer.span[1] &&
  outer.span[1] - outer.span[0] > inner.span[1] - inner.span[0];

/** A character without accents and case: how the fallback search compares them. */
const plain = (char: string) => char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first place `term` is written in `text` in any case, with or without accents, and with
 * or without the spaces between its words ("15yo" for the age "15 yo"); undefined if nowhere.
 */
function searchSaid(term: string, text: string, inText: SaidIn): SaidWords | undefined {
  let folded = '';
  const origins: number[] = [];
  let at = 0;
  for (const char of text) {
    const plainChar = plain(char);
    for (let index = 0; index < plainChar.length; index += 1) origins.push(at);
    folded += plainChar;
    at += char.length;
  }
  origins.push(at);
  const words = plain(term).split(/\s+/).filter(Boolean).map(escape);
  if (words.length === 0) return undefined;
  const found = new RegExp(words.join('\\s*'), 'u').exec(folded);
  if (!found) return undefined;
  const span = [origins[found.index]!, origins[found.index + found[0].length]!] as const;
  return { in: inText, span, text: text.slice(span[0], span[1]) };
}

/** The submit's texts a refusal may quote from. */
export type SaidTexts = Readonly<Record<SaidIn, string>>;

/** A prompt's texts as the policy reads them (the source and content prompt as one). */
export function saidTextsOf(prompt: {
  sourcePrompt: string;
  contentPrompt: string;
  negativePrompt: string;
}): SaidTexts {
  return {
    prompt: [prompt.sourcePrompt, prompt.contentPrompt].join('\n'),
    negative: prompt.negativePrompt,
  };
}

/** Where each matched term was written: the reading's note, else a search of the texts. */
function placesOf(matched: readonly string[], said: SaidByTerm, texts: SaidTexts) {
  return matched.map(
    (term) =>
      said.get(term) ??
      searchSaid(term, texts.prompt, 'prompt') ??
      searchSaid(term, texts.negative, 'negative'),
  );
}

/**
 * Per matched term, in the terms' order, the person's own words it matched as they wrote them
 * (what a refusal records beside its terms). Where the reading did not note the place (an age
 * read from figures, a term inside a run of Chinese or Japanese), the texts are searched for the
 * term in any case and accents; a term found nowhere (a name written in another script) stands
 * for itself.
 */
export function wordsOfTerms(
  matched: readonly string[],
  said: SaidByTerm,
  texts: SaidTexts,
): string[] {
  return placesOf(matched, said, texts).map((place, index) => place?.text ?? matched[index]!);
}

/**
 * What a refusal quotes to the person: the person's own words for the matched terms
 * (wordsOfTerms), each place once, and words inside another quote left out ("una niña", not
 * also "niña").
 */
export function personsWords(
  matched: readonly string[],
  said: SaidByTerm,
  texts: SaidTexts,
): string[] {
  const places = placesOf(matched, said, texts);
  const known = places.filter((place) => place !== undefined);
  const quotes = matched.flatMap((term, index) => {
    const place = places[index];
    if (!place) return [term];
    return known.some((other) => inside(place, other)) ? [] : [place.text];
  });
  return [...new Set(quotes)];
}
