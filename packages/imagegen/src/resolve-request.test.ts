import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_PROMPT_LENGTH, resolveRequest } from './resolve-request';
import type { ImageBackend } from './types';

const backend = {
  defaults: { width: 512, height: 512, steps: 1 },
} as unknown as ImageBackend;

describe('resolveRequest prompt rules', () => {
  it('keeps the prompt as sent and refuses one with nothing but spaces', () => {
    expect(resolveRequest({ prompt: ' a cat ' }, backend).prompt).toBe(' a cat ');
    expect(() => resolveRequest({ prompt: ' \n ' }, backend)).toThrow(/must not be empty/);
  });

  it('bounds the length by the number it is given, else by the generic default', () => {
    expect(() => resolveRequest({ prompt: 'x'.repeat(11) }, backend, 10)).toThrow(/at most 10/);
    expect(resolveRequest({ prompt: 'x'.repeat(10) }, backend, 10).prompt).toHaveLength(10);
    const longest = 'x'.repeat(DEFAULT_MAX_PROMPT_LENGTH);
    expect(resolveRequest({ prompt: longest }, backend).prompt).toBe(longest);
    expect(() => resolveRequest({ prompt: `${longest}x` }, backend)).toThrow(/at most/);
  });
});
