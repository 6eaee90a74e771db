import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';

const policy = createPromptPolicy();

describe('elided words (terms/*.ts `elided`): the apostrophe splits, never joins', () => {
  it.each([
    "pintura a l'oli d'un paisatge",
    'pintura a l’oli, dona nua',
    "natura morta all'olio, nudo artistico",
    "l'olivier et la femme nue",
    "dell'infanzia ricordi, paesaggio",
    "qu'elle est belle, nue sur la plage",
  ])('allows %s', (prompt) => {
    expect(policy({ prompts: [prompt] })).toEqual({ allowed: true });
  });

  it.each([
    ["lo'li", ['loli']],
    ["l'oli is lo.li", ['loli']],
    ['лолі', ['лолі']],
    ['лолі арт', ['лолі']],
    ['лолікон', ['лолікон']],
  ])('still refuses %s', (prompt, matched) => {
    expect(policy({ prompts: [prompt] })).toEqual({
      allowed: false,
      rule: 'sexualised_minor',
      matched,
    });
  });

  it('reads a Cyrillic term only where Cyrillic letters are: "noni" is a fruit', () => {
    expect(policy({ prompts: ['noni juice, nude woman on a beach'] })).toEqual({ allowed: true });
    expect(policy({ prompts: ['nonі'] })).toMatchObject({ allowed: false });
  });
});
