import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { parseNamesFile } from './real-people';
import { LANGUAGES } from './terms';

const CORPUS = new URL('./corpus/', import.meta.url);

/** A corpus file: one prompt a line, `#` comments; `\uXXXX` written out so invisibles show. */
function readCorpus(language: string, name: string): string[] {
  return parseNamesFile(readFileSync(new URL(`${language}/${name}`, CORPUS), 'utf8')).map((line) =>
    line.replace(/\\u([0-9a-f]{4})/gi, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
  );
}

const policy = createPromptPolicy();
const languages = readdirSync(CORPUS).sort();

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
        return verdict.allowed ? [] : [`${language}: ${prompt} (${verdict.matched.join(', ')})`];
      });
      expect(refused).toEqual([]);
    });

    it('misses none of the prohibited prompts', () => {
      const missed = prohibited.filter((prompt) => policy({ prompts: [prompt] }).allowed);
      expect(missed.map((prompt) => `${language}: ${prompt}`)).toEqual([]);
    });
  });
});
