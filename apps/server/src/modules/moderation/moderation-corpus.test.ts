import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { CORPUS_LANGUAGES, readCorpus } from './read-corpus';
import { LANGUAGES } from './terms';

const policy = createPromptPolicy();
const languages = CORPUS_LANGUAGES;

describe('content rules corpus', () => {
  it('has a corpus for every language of the rules, and rules for every corpus', () => {
    expect(languages).toEqual(Object.keys(LANGUAGES).sort());
  });

  describe.each(languages)('%s', (language) => {
    const allowed = readCorpus(language, 'allowed.txt');
    const prohibited = readCorpus(language, 'prohibited.txt');
    const least = language === 'en' ? 150 : 40;

    it(`holds at least ${least} prompts of each kind`, () => {
      expect(allowed.length).toBeGreaterThanOrEqual(least);
      expect(prohibited.length).toBeGreaterThanOrEqual(least);
    });

    it('refuses none of the allowed prompts', () => {
      const refused = allowed.flatMap((prompt) => {
        const verdict = policy({ prompts: [prompt] });
        if (verdict.allowed) return [];
        const why =
          'unsupportedScript' in verdict
            ? `unsupported script ${verdict.unsupportedScript}`
            : verdict.matched.join(', ');
        return [`${language}: ${prompt} (${why})`];
      });
      expect(refused).toEqual([]);
    });

    it('misses none of the prohibited prompts', () => {
      const missed = prohibited.filter((prompt) => policy({ prompts: [prompt] }).allowed);
      expect(missed.map((prompt) => `${language}: ${prompt}`)).toEqual([]);
    });
  });
});
