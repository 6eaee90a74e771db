import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { CORPUS_LANGUAGES, readCorpus } from './read-corpus';

/** False positives an operator might allow, each holding a minor or a sexual word. */
const PHRASES = ['kid gloves', 'baby blue', 'nude lipstick', 'teen titans'];
const policy = createPromptPolicy({ allowedPhrases: PHRASES });

/**
 * Decision 059 on the corpus: allowed phrases beside a prohibited prompt exempt their own words
 * only, so every prohibited prompt stays refused with any of them written next to it, and every
 * allowed prompt stays allowed.
 */
describe.each(CORPUS_LANGUAGES)('allowed phrases on the %s corpus', (language) => {
  it('misses none of the prohibited prompts with an allowed phrase beside them', () => {
    const missed = readCorpus(language, 'prohibited.txt').flatMap((prompt) =>
      PHRASES.flatMap((phrase) =>
        [`${prompt}, ${phrase}`, `${phrase} ${prompt}`].filter(
          (text) => policy({ prompts: [text] }).allowed,
        ),
      ),
    );
    expect(missed).toEqual([]);
  });

  it('refuses none of the allowed prompts, with or without a phrase', () => {
    const refused = readCorpus(language, 'allowed.txt').filter(
      (prompt) => !policy({ prompts: [`${prompt}, kid gloves`] }).allowed,
    );
    expect(refused).toEqual([]);
  });
});

it('lets the phrases through where they were the only reason for a refusal', () => {
  for (const prompt of [
    'nude woman in kid gloves',
    'nude, baby blue sheets',
    'teen titans poster, nude model',
  ]) {
    expect(policy({ prompts: [prompt] })).toMatchObject({ allowed: true });
  }
});
