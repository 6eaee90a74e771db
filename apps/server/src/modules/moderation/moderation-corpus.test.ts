import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { parseNamesFile } from './real-people';

/** A corpus file: one prompt a line, `#` comments; `\uXXXX` written out so invisibles show. */
function readCorpus(name: string): string[] {
  return parseNamesFile(readFileSync(new URL(`./corpus/${name}`, import.meta.url), 'utf8')).map(
    (line) =>
      line.replace(/\\u([0-9a-f]{4})/gi, (_match, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      ),
  );
}

const policy = createPromptPolicy();

describe('content rules corpus', () => {
  const allowed = readCorpus('allowed.txt');
  const prohibited = readCorpus('prohibited.txt');

  it('holds at least 150 prompts of each kind', () => {
    expect(allowed.length).toBeGreaterThanOrEqual(150);
    expect(prohibited.length).toBeGreaterThanOrEqual(150);
  });

  it('refuses none of the allowed adult prompts', () => {
    const refused = allowed.filter((prompt) => !policy({ prompts: [prompt] }).allowed);
    expect(refused).toEqual([]);
  });

  it('misses none of the prohibited prompts', () => {
    const missed = prohibited.filter((prompt) => policy({ prompts: [prompt] }).allowed);
    expect(missed).toEqual([]);
  });
});
