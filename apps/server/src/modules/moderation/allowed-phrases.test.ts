import { describe, expect, it } from 'vitest';
import { createPromptPolicy } from './check-prompt-policy';
import { shippedLexicons } from './shipped-lexicons';

const shipped = shippedLexicons();
const withPhrases = (allowedPhrases: string[]) => createPromptPolicy({ shipped, allowedPhrases });
const verdict = (policy: ReturnType<typeof withPhrases>, prompt: string) =>
  policy({ prompts: [prompt] });

describe('allowed phrases (operators’ false positives)', () => {
  const policy = withPhrases(['kid gloves', 'Baby Blue']);

  it('lets the phrase’s own terms through where the phrase is written', () => {
    expect(verdict(withPhrases([]), 'nude woman in kid gloves').allowed).toBe(false);
    expect(verdict(policy, 'nude woman in kid gloves')).toEqual({
      allowed: true,
      allowedPhrases: ['kid gloves'],
    });
    expect(verdict(policy, 'NUDE woman, BABY BLUE sheets').allowed).toBe(true);
    // "f/1.8" beside "kid" reads as an adult age, which only a negative prompt is judged by.
    expect(verdict(policy, 'nude woman, f/1.8, 85mm, kid gloves').allowed).toBe(true);
  });

  it.each([
    ['another minor word elsewhere', 'nude woman in kid gloves, a kid beside her'],
    ['a minor word in another language', 'nude woman in kid gloves, niña'],
    ['an age elsewhere', 'nude woman in kid gloves, 14 years old'],
    ['a spaced-out minor word', 'nude woman in kid gloves, c h i l d'],
    ['the term outside the phrase', 'nude kid, gloves'],
    ['the phrase inside a longer word', 'nude kid glovesmith'],
    ['a misspelled phrase', 'nude k1d gloves'],
    ['a real person’s name', 'taylor swift nude in kid gloves'],
  ])('still refuses a prohibited combination: %s', (_case, prompt) => {
    expect(verdict(policy, prompt).allowed).toBe(false);
  });

  it('exempts nothing when taking the phrase out would hide another term', () => {
    // "12 years old" spans the phrase's edge: the age is not one of the phrase's own terms.
    const ages = withPhrases(['kid gloves size 12']);
    expect(verdict(ages, 'nude woman in kid gloves size 12').allowed).toBe(true);
    expect(verdict(ages, 'nude, kid gloves size 12 years old').allowed).toBe(false);
  });

  it('ignores phrases the rules find nothing in', () => {
    expect(verdict(withPhrases(['gloves']), 'nude woman in kid gloves').allowed).toBe(false);
  });
});
