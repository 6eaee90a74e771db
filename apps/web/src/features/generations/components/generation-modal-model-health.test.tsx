import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';
import { catalogModel } from '../../../../test/features/generations/model-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

setupGenerationModalTests();

const modelGroup = () => screen.getByRole('group', { name: 'Model' });
const radio = (name: string) =>
  within(modelGroup()).getByRole('radio', { name: new RegExp(`^${name}`) });

/**
 * GET /models says which models cannot make images and why (decision 077); the picker greys them
 * with that reason, starts on the default the server chose instead, and says why a one-step model
 * offers no Vary or Upscale.
 */
describe('generation modal: models that cannot make images', () => {
  const models = [
    catalogModel('sdxl', {
      name: 'SDXL',
      available: false,
      unavailable_reason: 'unreachable',
    }),
    catalogModel('local', { name: 'Local', available: false, unavailable_reason: 'not_installed' }),
    catalogModel('forge', { name: 'Forge', available: false, unavailable_reason: 'misconfigured' }),
    catalogModel('turbo', { name: 'Turbo', is_default: true }),
    catalogModel('sdxs', {
      name: 'SDXS',
      capabilities: { variations: false, upscale: [], inpaint: false, withheld_reason: 'one_step' },
    }),
  ];

  it('greys each unavailable model with why, in words a person reads, and starts on the default', () => {
    renderGenerationModal({ optionsOpen: true }, { models });
    for (const [name, why] of [
      ['SDXL', 'Its image server cannot be reached right now.'],
      ['Local', 'It is not installed on this server yet.'],
      ['Forge', 'Its image server is not set up right.'],
    ]) {
      expect(radio(name!)).toBeDisabled();
      expect(radio(name!).closest('label')).toHaveTextContent(`Unavailable`);
      expect(radio(name!).closest('label')).toHaveTextContent(why!);
    }
    expect(radio('Turbo')).toBeChecked();
    expect(radio('Turbo')).toBeEnabled();
  });

  it('says why a one-step model offers no Vary or Upscale', () => {
    renderGenerationModal({ optionsOpen: true }, { models });
    expect(radio('SDXS')).toBeEnabled();
    expect(radio('SDXS').closest('label')).toHaveTextContent(
      'Makes each image in one step, so Vary and Upscale are not offered for its images.',
    );
    expect(radio('Turbo').closest('label')).not.toHaveTextContent('Vary');
  });

  it('says why before the submit when the chosen model cannot make images', () => {
    renderGenerationModal(
      {
        preset: {
          prompt: 'owl',
          negative_prompt: '',
          aspect_ratio: '1:1',
          quality: 'balanced',
          style: null,
          seed: null,
          model: 'sdxl',
        },
      },
      { models },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'SDXL is not available right now. Its image server cannot be reached right now. Pick another model or try again later.',
    );
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});
