import { describe, expect, it } from 'vitest';
import { createPresetRequestSchema } from './create-preset';
import { presetNameSchema, presetOptionsSchema } from './preset';
import { updatePresetRequestSchema } from './update-preset';

describe('preset schemas', () => {
  it.each([
    ['  Wide anime ', 'Wide anime'],
    ['x'.repeat(60), 'x'.repeat(60)],
  ])('accepts the name %j as %j', (name, stored) => {
    expect(presetNameSchema.parse(name)).toBe(stored);
  });

  it.each([['   '], ['x'.repeat(61)], ['evil\u202Egnp']])('refuses the name %j', (name) => {
    expect(presetNameSchema.safeParse(name).success).toBe(false);
  });

  it('fills absent options with the generate request defaults, and keeps a model', () => {
    expect(presetOptionsSchema.parse({})).toEqual({
      negative_prompt: '',
      aspect_ratio: '1:1',
      image_count: 1,
      quality: 'balanced',
      style: null,
    });
    expect(presetOptionsSchema.parse({ model: 'sd-turbo' }).model).toBe('sd-turbo');
  });

  it.each([
    [{ aspect_ratio: '5:1' }],
    [{ image_count: 0 }],
    [{ image_count: 5 }],
    [{ quality: 'ultra' }],
    [{ style: 'sketch' }],
    [{ negative_prompt: 'x'.repeat(1001) }],
  ])('refuses the options %j as the generate request does', (options) => {
    expect(presetOptionsSchema.safeParse(options).success).toBe(false);
  });

  it('does not keep a prompt or a seed', () => {
    const parsed = createPresetRequestSchema.parse({
      name: 'P',
      options: { content_prompt: 'an owl', seed: 7 },
    });
    expect(parsed.options).not.toHaveProperty('content_prompt');
    expect(parsed.options).not.toHaveProperty('seed');
  });

  it('needs a name or options to change', () => {
    expect(updatePresetRequestSchema.safeParse({}).success).toBe(false);
    expect(updatePresetRequestSchema.safeParse({ name: 'New' }).success).toBe(true);
    expect(updatePresetRequestSchema.safeParse({ options: {} }).success).toBe(true);
  });
});
