import { describe, expect, it } from 'vitest';
import { findPromptChoicesProblem, promptChoicesProblemMessage } from './prompt-choices-problem';

describe('findPromptChoicesProblem', () => {
  it.each([
    ['a {red|{blue|green}} owl', 'nested', 8],
    ['a {red|blue owl', 'unclosed', 3],
    ['a {red|blue} {owl', 'unclosed', 14],
    ['a {} owl', 'empty-group', 3],
    ['a { | } owl', 'empty-group', 3],
  ])('%j: %s at character %i', (prompt, kind, position) => {
    expect(findPromptChoicesProblem(prompt)).toEqual({ kind, position });
  });

  it.each([
    'a cat',
    'a {red|blue|green} owl on a {branch|roof}',
    'a {very |}big owl',
    'a \\{red|blue\\} car',
    'an owl \\{x|y}',
    '{\\{|\\|} x',
    'a } b | c',
  ])('%j is written correctly', (prompt) => {
    expect(findPromptChoicesProblem(prompt)).toBeNull();
  });

  it('names the character and the way to write a literal brace', () => {
    expect(promptChoicesProblemMessage({ kind: 'nested', position: 8 })).toBe(
      'The choices in your prompt have a problem at character 8: a { opens inside another ' +
        'group, and groups cannot nest. Write \\{ for a literal brace.',
    );
  });
});
