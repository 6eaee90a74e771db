import { describe, expect, it } from 'vitest';
import {
  countDistinctExpandedPrompts,
  expandPrompt,
  findPromptReferenceNames,
  findUnknownReference,
  hasPromptReferences,
  NO_PROMPT_REFERENCES,
  type PromptReferences,
} from './prompt-references';

const REFERENCES: PromptReferences = {
  characters: new Map([
    ['mira', 'a woman with silver hair'],
    ['Old_Tom', 'an old fisherman {in a hat}'],
  ]),
  wildcards: new Map([
    ['place', ['a forest', 'a beach', 'a city']],
    ['time_of_day', ['dawn', 'dusk']],
  ]),
};

describe('prompt references', () => {
  it('finds the characters and wildcards a prompt names, once each, in order', () => {
    expect(
      findPromptReferenceNames('@mira and @Old_Tom in __place__ at __time_of_day__, @mira again'),
    ).toEqual({ characters: ['mira', 'Old_Tom'], wildcards: ['place', 'time_of_day'] });
    expect(hasPromptReferences('an owl')).toBe(false);
  });

  it('leaves addresses, lone underscores and malformed wildcard names as text', () => {
    const prompt = 'mail me@example.com, a snake_case __ thing, ___x___, __bad__name_, @';
    expect(findPromptReferenceNames(prompt)).toEqual({ characters: [], wildcards: [] });
    expect(expandPrompt(prompt, REFERENCES, 3)).toBe(prompt);
  });

  it('replaces a character by its description, whatever the seed', () => {
    expect(expandPrompt('@mira, portrait', REFERENCES, 0)).toBe(
      'a woman with silver hair, portrait',
    );
    expect(expandPrompt('(@mira)', REFERENCES, 99)).toBe('(a woman with silver hair)');
  });

  it('picks one line of each wildcard by seed, spreading a batch over every combination', () => {
    const prompts = [0, 1, 2, 3, 4, 5, 6].map((seed) =>
      expandPrompt('__place__ at __time_of_day__', REFERENCES, seed),
    );
    expect(prompts).toEqual([
      'a forest at dawn',
      'a beach at dawn',
      'a city at dawn',
      'a forest at dusk',
      'a beach at dusk',
      'a city at dusk',
      'a forest at dawn',
    ]);
  });

  it('expands the choices after the wildcards, their seeds walking past the lines', () => {
    const prompts = [0, 1, 2, 3, 4, 5].map((seed) =>
      expandPrompt('{red|blue} owl in __place__', REFERENCES, seed),
    );
    expect(new Set(prompts).size).toBe(6);
    expect(prompts.slice(0, 4)).toEqual([
      'red owl in a forest',
      'red owl in a beach',
      'red owl in a city',
      'blue owl in a forest',
    ]);
    expect(countDistinctExpandedPrompts('{red|blue} owl in __place__', REFERENCES, 4)).toBe(4);
    expect(countDistinctExpandedPrompts('{red|blue} owl in __place__', REFERENCES, 8)).toBe(6);
  });

  it('puts a description in as text: its braces and references stay as written', () => {
    expect(expandPrompt('@Old_Tom', REFERENCES, 0)).toBe('an old fisherman {in a hat}');
    // With choices in the prompt, the description's braces are escaped, so they survive them.
    expect(expandPrompt('{@Old_Tom|@mira}', REFERENCES, 0)).toBe('an old fisherman {in a hat}');
    expect(expandPrompt('{@Old_Tom|@mira}', REFERENCES, 1)).toBe('a woman with silver hair');
    const nested: PromptReferences = {
      characters: new Map([['kid', 'see @mira in __place__']]),
      wildcards: REFERENCES.wildcards,
    };
    expect(expandPrompt('@kid', nested, 1)).toBe('see @mira in __place__');
  });

  it('names the first unknown reference, and keeps it as typed when expanding', () => {
    expect(findUnknownReference('@mira in __nowhere__', REFERENCES)).toEqual({
      kind: 'wildcard',
      name: 'nowhere',
    });
    expect(findUnknownReference('@nobody in __place__', REFERENCES)).toEqual({
      kind: 'character',
      name: 'nobody',
    });
    expect(findUnknownReference('@mira in __place__', REFERENCES)).toBeNull();
    expect(expandPrompt('@nobody', NO_PROMPT_REFERENCES, 0)).toBe('@nobody');
  });

  it('counts the prompts of a batch without references as the choices do', () => {
    expect(countDistinctExpandedPrompts('a cat', NO_PROMPT_REFERENCES, 4)).toBe(1);
    expect(countDistinctExpandedPrompts('{a|b}', NO_PROMPT_REFERENCES, 4)).toBe(2);
    expect(countDistinctExpandedPrompts('@mira', REFERENCES, 4)).toBe(1);
    expect(countDistinctExpandedPrompts('__place__', REFERENCES, 4)).toBe(3);
  });
});
