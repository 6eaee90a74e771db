import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import {
  DEFAULT_BODY,
  setupGenerationModalTests,
} from '../../../../test/features/generations/generation-modal-fixtures';
import { CATALOG } from '../../../../test/features/generations/model-fixtures';
import { preset, servePresets } from '../../../../test/features/generations/preset-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

setupGenerationModalTests();

const optionsButton = () => screen.getByRole('button', { name: /^Options/ });

describe('generation modal: presets and prompt choices', () => {
  it('applies a preset with one choice, then submits its options', async () => {
    servePresets([
      preset('p-1', 'Wide anime', {
        aspect_ratio: '16:9',
        quality: 'best',
        style: 'anime',
        image_count: 2,
        negative_prompt: 'blurry',
        model: 'detail',
      }),
    ]);
    const calls = serveGenerate();
    const view = renderGenerationModal({}, { models: CATALOG });
    const picker = await screen.findByRole('combobox', { name: 'Preset' });
    await view.user.selectOptions(picker, 'Wide anime');
    expect(screen.getByRole('status')).toHaveTextContent('Applied “Wide anime”.');
    expect(optionsButton()).toHaveTextContent('Detail · 16:9 · 2 images · Best · Anime');

    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      ...DEFAULT_BODY,
      content_prompt: 'owl',
      negative_prompt: 'blurry',
      aspect_ratio: '16:9',
      quality: 'best',
      style: 'anime',
      image_count: 2,
      model: 'detail',
    });
  });

  it('applies what it can of a preset with a Premium model and says what it did not', async () => {
    servePresets([preset('p-1', 'Studio', { model: 'studio', quality: 'best' })]);
    const view = renderGenerationModal({}, { models: CATALOG });
    await view.user.selectOptions(
      await screen.findByRole('combobox', { name: 'Preset' }),
      'Studio',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Applied “Studio”. Studio XL is part of Premium, so the model was not changed.',
    );
    expect(optionsButton()).toHaveTextContent(/Turbo · 1:1 · 1 image · Best/);
  });

  it('saves the current options as a preset under a name', async () => {
    const served = servePresets();
    const view = renderGenerationModal({ optionsOpen: true }, { models: CATALOG });
    await view.user.click(screen.getByRole('radio', { name: '3:4' }));
    await view.user.click(screen.getByRole('button', { name: 'Save as preset' }));
    const group = screen.getByRole('group', { name: 'Save as preset' });
    await view.user.type(within(group).getByLabelText('Preset name'), ' Tall {enter}');
    await waitFor(() => expect(served.calls).toHaveLength(1));
    expect(served.calls[0]?.body).toEqual({
      name: 'Tall',
      options: {
        negative_prompt: '',
        aspect_ratio: '3:4',
        image_count: 1,
        quality: 'balanced',
        style: null,
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved “Tall”.');
    expect(await screen.findByRole('option', { name: 'Tall' })).toBeInTheDocument();
  });

  it('shows why the server refused to save a preset', async () => {
    const served = servePresets();
    const { message } = PRODUCT_ERRORS.PRESET_LIMIT_REACHED;
    served.refuse = { status: 409, error: 'PRESET_LIMIT_REACHED', message };
    const view = renderGenerationModal({}, { models: CATALOG });
    await view.user.click(screen.getByRole('button', { name: 'Save as preset' }));
    await view.user.type(screen.getByLabelText('Preset name'), 'One more');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('counts the distinct prompts of a batch, and lists them once the seed is set', async () => {
    const view = renderGenerationModal({ optionsOpen: true }, { models: CATALOG });
    await view.user.type(screen.getByLabelText('Prompt'), 'a {{red|blue} owl');
    expect(screen.getByTestId('prompt-choices')).toHaveTextContent(
      '1 distinct prompt for 1 image (set a seed to see which). Write \\{ for a literal brace.',
    );
    await view.user.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByTestId('prompt-choices')).toHaveTextContent(
      '2 distinct prompts for 3 images',
    );
    await view.user.type(screen.getByLabelText('Seed'), '4');
    const listed = within(screen.getByTestId('prompt-choices')).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([
      'a red owl',
      'a blue owl',
      'a red owl',
    ]);
  });
});
