import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';

const policy = createPromptPolicy();

describe('emoji read as words (emoji-terms.ts)', () => {
  it.each([
    ['👧 🍆', ['👧', '🍆']],
    ['👧🏻🍑', ['👧', '🍑']],
    ['🧒🏽‍🦱 💦', ['🧒', '💦']],
    ['👶 👅', ['👶', '👅']],
    ['👦🏿 🔞', ['👦', '🔞']],
    ['🚸 🫦', ['🚸', '🫦']],
    ['🍼🍆', ['🍼', '🍆']],
    ['nude 👧🏻', ['👧', 'nude']],
    ['a sexy 🧒', ['🧒', 'sexy']],
    ['kid 🍆💦', ['kid', '🍆', '💦']],
    ['👨‍👩‍👧 🍑', ['👧', '🍑']],
  ])('refuses a child emoji with a sexual one or a sexual word: %s', (prompt, matched) => {
    expect(policy({ prompts: [prompt] })).toEqual({
      allowed: false,
      rule: 'sexualised_minor',
      matched,
    });
  });

  it.each([
    '👧',
    '🍆',
    '🍑💦',
    '🔞',
    'nude woman 🍑',
    'a 👧 flying a kite 🪁',
    'family picnic 👨‍👩‍👧‍👦 🍉',
    'a girl 🙂 with a peach',
    '👶 with a bottle 🍼',
  ])('allows an emoji alone or beside words of its own kind: %s', (prompt) => {
    expect(policy({ prompts: [prompt] })).toEqual({ allowed: true });
  });
});
