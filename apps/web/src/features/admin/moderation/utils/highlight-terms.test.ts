import { describe, expect, it } from 'vitest';
import { highlightTerms, personsWordsFor } from './highlight-terms';

const marked = (text: string, terms: string[]) =>
  highlightTerms(text, terms)
    .filter((segment) => segment.matched)
    .map((segment) => segment.text);

describe('highlightTerms', () => {
  it('marks whole words in any case, keeping the text whole', () => {
    const segments = highlightTerms('Nude woman in KID gloves', ['kid', 'nude']);
    expect(segments.map((segment) => segment.text).join('')).toBe('Nude woman in KID gloves');
    expect(marked('Nude woman in KID gloves', ['kid', 'nude'])).toEqual(['Nude', 'KID']);
  });

  it('leaves a term inside another word unmarked, and marks multi-word terms', () => {
    expect(marked('kidney beans, school kid', ['kid', 'school kid'])).toEqual(['school kid']);
    expect(marked('niña desnuda', ['niña', 'desnuda'])).toEqual(['niña', 'desnuda']);
  });

  it("marks the person's own spelling of a term the rules read without accents", () => {
    const text = 'Una Niña desnuda, crème brûlée';
    expect(marked(text, ['una nina', 'creme brulee'])).toEqual(['Una Niña', 'crème brûlée']);
    expect(
      highlightTerms(text, ['una nina'])
        .map((segment) => segment.text)
        .join(''),
    ).toBe(text);
    expect(personsWordsFor('una nina', [text, 'otra una niña'])).toEqual(['Una Niña', 'una niña']);
  });

  it('finds Chinese, Japanese and Korean terms anywhere, and ignores regex characters', () => {
    expect(marked('裸の少女', ['少女', '裸'])).toEqual(['裸', '少女']);
    expect(marked('a+b a.b', ['a.b'])).toEqual(['a.b']);
    expect(highlightTerms('plain', [])).toEqual([{ text: 'plain', matched: false }]);
  });
});
