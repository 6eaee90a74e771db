import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';
import {
  CATALOG,
  catalogModel,
  serveModels,
} from '../../../../test/features/generations/model-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { PREVIEW_MODEL_TEXT } from './preview-model-notice';

setupGenerationModalTests();

const generate = () => screen.getByRole('button', { name: 'Generate' });
const PREVIEW = catalogModel('preview', {
  name: 'Preview',
  credit_cost: 0,
  is_preview: true,
  is_default: true,
  ignored_options: ['negative_prompt'],
});
const NO_SEED = catalogModel('cloud', {
  name: 'Cloud',
  ignored_options: ['negative_prompt', 'seed'],
});

describe('generation modal: the preview model', () => {
  it('says before submit that images are abstract and free, and lets a person with 0 credits try', async () => {
    const view = renderGenerationModal(
      { canGenerate: false, balance: 0 },
      { models: [PREVIEW, CATALOG[1]!] },
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      `${PREVIEW_MODEL_TEXT}, and they cost no credits.`,
    );
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^Free$/);
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(generate()).toBeEnabled();

    await view.user.click(screen.getByRole('button', { name: /^Options/ }));
    await view.user.click(screen.getByRole('radio', { name: /^Detail/ }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(generate()).toBeDisabled();
  });
});

describe('generation modal: options the chosen model ignores (issue 31 item 7)', () => {
  it('says nothing while the person set nothing the model ignores, a style included', async () => {
    const view = renderGenerationModal({ optionsOpen: true }, { models: [NO_SEED] });
    await view.user.selectOptions(screen.getByLabelText('Style'), 'Neon noir');
    expect(screen.queryByText(/Cloud does not/)).not.toBeInTheDocument();
  });

  it('names each ignored option the person set, next to it, and drops it for a model that honours it', async () => {
    const view = renderGenerationModal(
      { optionsOpen: true },
      { models: [{ ...NO_SEED, is_default: true }, CATALOG[1]!] },
    );
    await view.user.type(screen.getByLabelText('Keep out of the image'), 'text');
    const negativeNote = screen.getByText(
      'Cloud does not use a negative prompt: this text will be ignored.',
    );
    expect(screen.getByLabelText('Keep out of the image').closest('div')?.parentElement).toBe(
      negativeNote.parentElement,
    );
    expect(screen.queryByText(/does not take a seed/)).not.toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Seed'), '7');
    expect(
      screen.getByText('Cloud does not take a seed: the same seed will not give the same image.'),
    ).toBeVisible();

    await view.user.click(screen.getByRole('button', { name: /^Options/ }));
    expect(
      screen.getByText('Cloud ignores the negative prompt and the seed you set.'),
    ).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: /^Options/ }));

    await view.user.click(screen.getByRole('radio', { name: /^Detail/ }));
    expect(screen.queryByText(/does not (use|take)/)).not.toBeInTheDocument();
  });

  it('reads the catalog again when premium starts (the default model depends on the plan)', async () => {
    const served = serveModels();
    const view = renderGenerationModal({}, { models: null });
    await screen.findByRole('group', { name: 'Model', hidden: true });
    view.setProps({ isPremium: true });
    await waitFor(() => expect(served.count).toBe(2));
  });
});

describe('generation modal: the server refuses the model', () => {
  it.each([
    ['MODEL_REQUIRES_PREMIUM', 403, true],
    ['UNKNOWN_MODEL', 422, false],
    ['MODEL_UNAVAILABLE', 503, false],
  ] as const)(
    '%s: back at the input with its message, sent once',
    async (code, status, upgrade) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const served = serveModels([CATALOG[0]!]);
      const { message } = PRODUCT_ERRORS[code];
      const calls = serveGenerate(() => HttpResponse.json({ error: code, message }, { status }));
      const view = renderGenerationModal({}, { models: null });
      await screen.findByRole('group', { name: 'Model', hidden: true });
      await view.user.type(screen.getByLabelText('Prompt'), 'owl');
      await view.user.click(generate());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      expect(Boolean(within(alert).queryByRole('link', { name: 'Upgrade to Premium' }))).toBe(
        upgrade,
      );
      expect(screen.getByLabelText('Prompt')).toHaveValue('owl');
      expect(calls).toHaveLength(1);
      // The catalog is read again: the model may be gone or no longer served.
      await waitFor(() => expect(served.count).toBe(2));
    },
  );
});
