import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NEGATIVE_PROMPT_BIDI_ERROR } from '../utils/generation-form-schema';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

const preset = {
  prompt: 'owl',
  negative_prompt: '',
  aspect_ratio: '4:3' as const,
  quality: 'best' as const,
  style: null,
  seed: 5,
};

describe('generation modal: the form', () => {
  it('reopening with a preset fills it and allows Generate', async () => {
    const view = renderGenerationModal({ optionsOpen: false });
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    view.setProps({ open: false });
    view.setProps({ open: true, preset });
    expect(screen.getByLabelText('Prompt')).toHaveValue('owl');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled());
    expect(screen.getByRole('radio', { name: '4:3' })).toBeChecked();
  });

  it('says at the negative prompt why a text-direction control keeps Generate off', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.type(screen.getByLabelText('Keep out of the image'), 'a\u202Eb');
    expect(await screen.findByText(NEGATIVE_PROMPT_BIDI_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('reopening without a preset keeps the prompt and resets unedited options to new defaults', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    view.setProps({ open: false });
    view.setProps({
      open: true,
      defaults: { aspect_ratio: '9:16', image_count: 2, quality: 'fast', style: null },
    });
    expect(screen.getByLabelText('Prompt')).toHaveValue('owl');
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled());
  });
});
