import { describe, expect, it } from 'vitest';
import { catalogModel } from '../../../../test/features/generations/model-fixtures';
import { deriveChoices } from './derive-actions';

describe('deriveChoices', () => {
  const credits = { isPremium: false, balance: 10 };

  it('offers what the model can do, each with its cost', () => {
    const choices = deriveChoices(catalogModel('turbo'), credits);
    expect(choices.map((choice) => [choice.label, choice.cost, choice.disabledReason])).toEqual([
      ['Vary (subtle)', 1, null],
      ['Vary (strong)', 1, null],
      ['Upscale ×2', 1, null],
    ]);
  });

  it('disables each, saying why, while the model cannot make images', () => {
    const down = catalogModel('sdxl', {
      name: 'SDXL',
      available: false,
      unavailable_reason: 'unreachable',
    });
    const reasons = deriveChoices(down, credits).map((choice) => choice.disabledReason);
    expect(new Set(reasons)).toEqual(
      new Set(['SDXL: Its image server cannot be reached right now. Try again later.']),
    );
  });

  it('offers nothing a one-step model withholds', () => {
    const sdxs = catalogModel('sdxs', {
      capabilities: { variations: false, upscale: [], inpaint: false, withheld_reason: 'one_step' },
    });
    expect(deriveChoices(sdxs, credits)).toEqual([]);
  });

  it('prices an upscale ×4 at its own cost where the model lists one', () => {
    const sdxl = catalogModel('sdxl', {
      capabilities: { variations: true, upscale: [2, 4], inpaint: false, withheld_reason: null },
      upscale_4_cost: 2,
    });
    const upscales = deriveChoices(sdxl, credits).filter((choice) => choice.label.startsWith('Up'));
    expect(upscales.map((choice) => [choice.label, choice.cost])).toEqual([
      ['Upscale ×2', 1],
      ['Upscale ×4', 2],
    ]);
  });
});
