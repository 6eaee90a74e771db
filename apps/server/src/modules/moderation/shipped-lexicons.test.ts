import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { shippedLexicons } from './shipped-lexicons';

describe('shippedLexicons', () => {
  it('compiles the shipped lists once a process for each list of extra names', () => {
    expect(shippedLexicons()).toBe(shippedLexicons([]));
    const withName = shippedLexicons(['Jane Exampleperson']);
    expect(withName).not.toBe(shippedLexicons());
    expect(shippedLexicons(['Jane Exampleperson'])).toBe(withName);
  });

  it('keeps an extra name to the policies compiled with it', () => {
    const prompts = ['Jane Exampleperson nude'];
    expect(createPromptPolicy({ extraNames: ['Jane Exampleperson'] })({ prompts })).toMatchObject({
      allowed: false,
      rule: 'sexualised_real_person',
    });
    expect(createPromptPolicy()({ prompts })).toEqual({ allowed: true });
  });
});
