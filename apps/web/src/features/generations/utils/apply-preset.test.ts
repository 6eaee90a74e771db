import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../../test/features/generations/model-fixtures';
import { preset } from '../../../../test/features/generations/preset-fixtures';
import { applyPreset, presetOptionsOf } from './apply-preset';
import { formValuesFromDefaults } from './generation-form-values';

const { prompt: _prompt, ...current } = {
  ...formValuesFromDefaults(),
  model: 'detail',
  seed: 42,
};

describe('applyPreset', () => {
  const wide = { aspect_ratio: '16:9', quality: 'best', style: 'anime', image_count: 3 } as const;

  it.each([
    ['a free model', 'turbo', false, 'turbo', []],
    ['no model: the plan default', undefined, false, null, []],
    ['a premium model for premium', 'studio', true, 'studio', []],
    [
      'a premium model for a free person',
      'studio',
      false,
      'detail',
      ['Studio XL is part of Premium, so the model was not changed.'],
    ],
    [
      'a model the catalog no longer has',
      'gone',
      false,
      'detail',
      ['The model “gone” is no longer offered, so the model was not changed.'],
    ],
  ])('%s', (_case, model, isPremium, expectedModel, skipped) => {
    const applied = applyPreset(current, preset('p', 'P', { ...wide, model }), CATALOG, isPremium);
    expect(applied.values).toEqual({ ...current, ...wide, model: expectedModel });
    expect(applied.skipped).toEqual(skipped);
  });

  it('applies the model as saved when the catalog could not be read', () => {
    const applied = applyPreset(current, preset('p', 'P', { model: 'gone' }), [], false);
    expect(applied.values.model).toBe('gone');
    expect(applied.skipped).toEqual([]);
  });

  it('keeps the seed, and saves the options without it', () => {
    expect(applyPreset(current, preset('p', 'P'), CATALOG, false).values.seed).toBe(42);
    expect(presetOptionsOf({ ...current, negative_prompt: ' blurry ' })).toEqual({
      negative_prompt: 'blurry',
      aspect_ratio: '1:1',
      image_count: 1,
      quality: 'balanced',
      style: null,
      model: 'detail',
    });
    expect(presetOptionsOf({ ...current, model: null })).not.toHaveProperty('model');
  });

  it('keeps LoRAs with their model, and drops them where the model is not applied', () => {
    const loras = [{ id: 'ink', weight: 0.6 }];
    const inked = preset('p', 'P', { ...wide, model: 'turbo', loras });
    expect(applyPreset(current, inked, CATALOG, false).values.loras).toEqual(loras);
    expect(presetOptionsOf({ ...current, model: 'turbo', loras })).toMatchObject({ loras });
    const premium = preset('p', 'P', { ...wide, model: 'studio', loras });
    expect(applyPreset(current, premium, CATALOG, false).values.loras).toBeUndefined();
    expect(presetOptionsOf({ ...current, model: null, loras })).not.toHaveProperty('loras');
  });
});
