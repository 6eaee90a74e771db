import { describe, expect, it } from 'vitest';
import { termLanguages } from './term-languages';

describe('termLanguages', () => {
  it('names the languages whose shipped lists hold the matched words, in the lists’ order', () => {
    expect(termLanguages(['kid', 'nude'])).toEqual(['en']);
    expect(termLanguages(['desnuda', 'niña'])).toEqual(['es']);
    expect(termLanguages(['nue', 'kid'])).toEqual(['en', 'fr']);
  });

  it('names none for words on no shipped list (an operator’s term or a name)', () => {
    expect(termLanguages(['zorblax', 'Jane Doe'])).toEqual([]);
    expect(termLanguages([])).toEqual([]);
  });
});
