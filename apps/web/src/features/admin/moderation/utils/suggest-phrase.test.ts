import { describe, expect, it } from 'vitest';
import { suggestPhrase } from './suggest-phrase';

describe('suggestPhrase', () => {
  it('takes the first matched word with the word after it', () => {
    expect(suggestPhrase('nude woman in Kid gloves, studio', ['kid', 'nude'])).toBe('Kid gloves');
    expect(suggestPhrase('lingerie in baby blue', ['baby', 'lingerie'])).toBe('baby blue');
  });

  it('follows a multi-word term, skips words the prompt does not write, else gives nothing', () => {
    expect(suggestPhrase('a school kid costume, nude', ['school kid'])).toBe('school kid costume');
    expect(suggestPhrase('n00d teen', ['nude', 'teen'])).toBe('teen');
    expect(suggestPhrase('n00d', ['nude'])).toBe('');
  });
});
