import { describe, expect, it } from 'vitest';
import {
  applyStylePreset,
  SEED_MAX,
  seedForImage,
  STYLE_IDS,
  STYLE_PRESETS,
} from './generation-options';

describe('style presets', () => {
  it('has 8 to 12 presets, each putting the prompt into its template once', () => {
    expect(STYLE_IDS.length).toBeGreaterThanOrEqual(8);
    expect(STYLE_IDS.length).toBeLessThanOrEqual(12);
    for (const id of STYLE_IDS) {
      const preset = STYLE_PRESETS[id];
      expect(preset.promptTemplate.split('{prompt}')).toHaveLength(2);
      expect(preset.negativePrompt).not.toBe('');
    }
  });

  it('wraps the prompt and puts the preset negative before the person’s own', () => {
    expect(applyStylePreset('an owl', 'text', 'anime')).toEqual({
      prompt: 'anime artwork of an owl, vibrant colors, clean line art, studio anime style',
      negativePrompt: 'photograph, photorealistic, realistic, 3d render, lowres, text',
    });
    expect(applyStylePreset('an owl', '', null)).toEqual({ prompt: 'an owl', negativePrompt: '' });
  });

  it("puts a prompt's $-patterns in literally (what is screened is what the engine gets)", () => {
    const prompt = "a sign reading $` $& $' $1 $$";
    expect(applyStylePreset(prompt, '', 'anime').prompt).toBe(
      `anime artwork of ${prompt}, vibrant colors, clean line art, studio anime style`,
    );
  });
});

describe('seeds of a batch', () => {
  it('counts up from the first seed and wraps past the largest', () => {
    expect([0, 1, 2, 3].map((index) => seedForImage(41, index))).toEqual([41, 42, 43, 44]);
    expect(seedForImage(SEED_MAX, 1)).toBe(0);
  });
});
