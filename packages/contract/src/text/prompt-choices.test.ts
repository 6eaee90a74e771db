import { describe, expect, it } from 'vitest';
import { SEED_MAX, seedForImage } from '../generations/generation-options';
import {
  countDistinctPrompts,
  countPromptCombinations,
  expandPromptChoices,
  hasPromptChoices,
} from './prompt-choices';

describe('expandPromptChoices', () => {
  it.each([
    ['a cat', 0, 'a cat'],
    ['a {red|blue|green} car', 0, 'a red car'],
    ['a {red|blue|green} car', 1, 'a blue car'],
    ['a {red|blue|green} car', 2, 'a green car'],
    ['a {red|blue|green} car', 3, 'a red car'],
    ['a {red | blue} car', 1, 'a blue car'],
    // The first group's option changes fastest.
    ['{a|b} {x|y}', 0, 'a x'],
    ['{a|b} {x|y}', 1, 'b x'],
    ['{a|b} {x|y}', 2, 'a y'],
    ['{a|b} {x|y}', 3, 'b y'],
    ['{only}', 7, 'only'],
    ['{a|}b', 1, 'b'],
    // Escapes: a literal brace, bar and backslash.
    ['a \\{red|blue\\} car', 1, 'a {red|blue} car'],
    ['{\\{|\\|} x', 1, '| x'],
    ['back\\\\slash', 0, 'back\\slash'],
    ['a \\n stays', 0, 'a \\n stays'],
    // Unclosed groups and stray closers are literal text.
    ['a {red|blue car', 1, 'a {red|blue car'],
    ['a } b | c', 0, 'a } b | c'],
    ['{a|a|b}', 1, 'b'],
    ['{a|b}', SEED_MAX, 'b'],
  ])('%j with seed %i → %j', (prompt, seed, expected) => {
    expect(expandPromptChoices(prompt, seed)).toBe(expected);
  });

  it('gives a batch consecutive combinations, so it repeats only once all are used', () => {
    const prompt = '{red|blue|green} {cat|dog}';
    const prompts = [0, 1, 2, 3, 4, 5].map((index) =>
      expandPromptChoices(prompt, seedForImage(123_456, index)),
    );
    expect(new Set(prompts).size).toBe(6);
  });
});

describe('countPromptCombinations, countDistinctPrompts and hasPromptChoices', () => {
  it.each([
    ['a cat', 1, false],
    ['{a|b|c} {x|y}', 6, true],
    ['{a|a}', 1, true],
    ['\\{a|b}', 1, false],
    ['{a|b', 1, false],
  ])('%j makes %i prompts (choices: %s)', (prompt, total, choices) => {
    expect(countPromptCombinations(prompt)).toBe(total);
    expect(hasPromptChoices(prompt)).toBe(choices);
  });

  it('counts the distinct prompts of a batch', () => {
    expect(countDistinctPrompts('a cat', 4)).toBe(1);
    expect(countDistinctPrompts('{a|b}', 4)).toBe(2);
    expect(countDistinctPrompts('{a|b|c|d|e}', 3)).toBe(3);
    expect(countDistinctPrompts('{a|b}'.repeat(80), 4)).toBe(4);
  });

  it('expands a prompt with more combinations than seeds by the seed alone', () => {
    const prompt = '{a|b}'.repeat(80);
    expect(countPromptCombinations(prompt)).toBe(Infinity);
    expect(expandPromptChoices(prompt, 5)).toBe('bab' + 'a'.repeat(77));
  });
});
