import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';

const policy = createPromptPolicy();

/** Slang that is also a given name is a minor term, refused only beside a sexual word. */
describe('terms that are also given names', () => {
  it.each([
    'Shota hits a home run in the baseball game',
    'portrait of Shota, a Japanese schoolteacher, 35',
    'Shota and Yuki at the festival',
    '이마나가 쇼타 투수',
    'Giulia Lolli, ritratto',
  ])('allows %s', (prompt) => {
    expect(policy({ prompts: [prompt] })).toEqual({ allowed: true });
  });

  it.each([
    ['shota nude', ['shota', 'nude']],
    ['sexy shotas', ['shotas', 'sexy']],
    ['쇼타 누드', ['쇼타', '누드']],
    ['shotacon', ['shotacon']],
    ['lolicon', ['lolicon']],
    ['loli', ['loli']],
    ['ショタ', ['ショタ']],
  ])('refuses %s', (prompt, matched) => {
    expect(policy({ prompts: [prompt] })).toEqual({
      allowed: false,
      rule: 'sexualised_minor',
      matched,
    });
  });
});
