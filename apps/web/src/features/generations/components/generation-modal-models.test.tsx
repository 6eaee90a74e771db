import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import {
  DEFAULT_BODY,
  setupGenerationModalTests,
} from '../../../../test/features/generations/generation-modal-fixtures';
import {
  CATALOG,
  catalogModel,
  serveModels,
} from '../../../../test/features/generations/model-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

setupGenerationModalTests();

const modelGroup = () => screen.getByRole('group', { name: 'Model' });
const generate = () => screen.getByRole('button', { name: 'Generate' });
const cost = () => screen.getByTestId('generation-cost');

describe('generation modal: model picker', () => {
  it('shows each model with its description and price, the default chosen, and sends the choice', async () => {
    const calls = serveGenerate();
    const models = [CATALOG[1]!, CATALOG[0]!];
    const view = renderGenerationModal({ optionsOpen: true }, { models });
    const detail = within(modelGroup()).getByRole('radio', { name: /^Detail/ });
    expect(detail.closest('label')).toHaveTextContent('Detail3 credits per imageThe detail model.');
    expect(within(modelGroup()).getByRole('radio', { name: /^Turbo/ })).toBeChecked();
    expect(cost()).toHaveTextContent(/^1 credit$/);

    await view.user.click(detail);
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    expect(cost()).toHaveTextContent(/^6 credits$/);
    expect(screen.getByRole('button', { name: /^Options/ })).toHaveTextContent(
      /^Options\s*Detail ·/,
    );
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(generate());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      ...DEFAULT_BODY,
      content_prompt: 'owl',
      image_count: 2,
      model: 'detail',
    });
  });

  it('reads the catalog once per session and opens on its default when it arrives', async () => {
    const served = serveModels();
    const view = renderGenerationModal({ optionsOpen: true }, { models: null });
    const group = await screen.findByRole('group', { name: 'Model' });
    expect(within(group).getByRole('radio', { name: /^Turbo/ })).toBeChecked();
    expect(cost()).toHaveTextContent(/^1 credit$/);
    view.setProps({ open: false });
    view.setProps({ open: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(generate()).toBeEnabled();
    expect(served.count).toBe(1);
  });

  it('while the catalog loads: cost unknown and Generate disabled', () => {
    serveModels();
    renderGenerationModal({ optionsOpen: true }, { models: null });
    expect(screen.getByText('Loading models…')).toBeInTheDocument();
    expect(cost()).toHaveTextContent(/^…$/);
    expect(generate()).toBeDisabled();
  });

  it('leads a free person from a Premium model to the upgrade, never choosing it', async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true }, { models: CATALOG });
    expect(within(modelGroup()).queryByRole('radio', { name: /Studio XL/ })).toBeNull();
    const locked = within(modelGroup()).getByRole('button', { name: /^Studio XL: Premium only/ });
    expect(locked).toHaveTextContent('Premium');
    await view.user.click(locked);
    const upgrade = await screen.findByRole('dialog', { name: 'Unlock unlimited imagination' });
    expect(upgrade).toHaveTextContent('Studio XL is part of Premium.');
    expect(upgrade).toHaveTextContent('and use the Premium models.');
    expect(within(upgrade).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await view.user.click(within(upgrade).getByRole('button', { name: 'Maybe later' }));
    expect(within(modelGroup()).getByRole('radio', { name: /^Turbo/ })).toBeChecked();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(generate());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ model: 'turbo' });
  });

  it('moves between the choosable models with the arrow keys, past a locked one', async () => {
    const models = [CATALOG[0]!, CATALOG[2]!, CATALOG[1]!];
    const view = renderGenerationModal({ optionsOpen: true }, { models });
    await view.user.click(within(modelGroup()).getByRole('radio', { name: /^Turbo/ }));
    await view.user.keyboard('{ArrowDown}');
    expect(within(modelGroup()).getByRole('radio', { name: /^Detail/ })).toBeChecked();
    expect(cost()).toHaveTextContent(/^3 credits$/);
  });

  it('lets premium choose a Premium model, with no price shown', async () => {
    const view = renderGenerationModal({ optionsOpen: true, isPremium: true }, { models: CATALOG });
    const studio = within(modelGroup()).getByRole('radio', { name: /^Studio XL/ });
    await view.user.click(studio);
    expect(studio).toBeChecked();
    expect(modelGroup()).not.toHaveTextContent(/per image/);
    expect(cost()).toHaveTextContent(/^FREE$/);
  });

  it('refuses a Premium model a free person brings in a preset, offering the upgrade', () => {
    renderGenerationModal(
      {
        preset: {
          prompt: 'owl',
          negative_prompt: '',
          aspect_ratio: '1:1',
          quality: 'balanced',
          style: null,
          seed: null,
          model: 'studio',
        },
      },
      { models: CATALOG },
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This model is part of Premium.');
    expect(within(alert).getByRole('link', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(generate()).toBeDisabled();
  });

  it("shows an unavailable model as 'Unavailable', not choosable", () => {
    const models = [CATALOG[0]!, catalogModel('down', { name: 'Down', available: false })];
    renderGenerationModal({ optionsOpen: true }, { models });
    const down = within(modelGroup()).getByRole('radio', { name: /^Down/ });
    expect(down).toBeDisabled();
    expect(down.closest('label')).toHaveTextContent('Unavailable');
  });

  it('checks the credits against the model’s price × images', async () => {
    const view = renderGenerationModal({ optionsOpen: true, balance: 4 }, { models: CATALOG });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(within(modelGroup()).getByRole('radio', { name: /^Detail/ }));
    expect(generate()).toBeEnabled();
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    expect(generate()).toBeDisabled();
    expect(screen.getByText("You don't have enough credits to generate an image.")).toBeVisible();
  });

  it('shows the licence of the chosen model on expand', async () => {
    const view = renderGenerationModal({ optionsOpen: true }, { models: CATALOG });
    await view.user.click(screen.getByText('Licence of Turbo'));
    expect(screen.getByText(/Open licence: the images may be used commercially\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read the licence' })).toHaveAttribute(
      'href',
      'https://example.test/licence',
    );
  });

  it('lists the conditions a licence sets on commercial use, under the chosen model', async () => {
    const licence = {
      name: 'Stability AI Community License',
      url: null,
      commercial_use: true,
      conditions: [
        'Commercial use is free only while the business makes under USD 1,000,000 a year.',
        'The service must show "Powered by Stability AI".',
      ],
    };
    const view = renderGenerationModal(
      { optionsOpen: true },
      { models: [catalogModel('sd', { name: 'SD-Turbo', is_default: true, licence })] },
    );
    await view.user.click(screen.getByText('Licence of SD-Turbo'));
    expect(
      screen.getByText(
        "Stability AI Community License: the images may be used commercially, on the licence's conditions.",
      ),
    ).toBeVisible();
    const conditions = screen.getByRole('list', {
      name: 'Conditions of Stability AI Community License',
    });
    expect(
      within(conditions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(licence.conditions);
    // Not 'Non-commercial': the licence allows it, on conditions.
    expect(
      within(modelGroup())
        .getByRole('radio', { name: /^SD-Turbo/ })
        .closest('label'),
    ).not.toHaveTextContent('Non-commercial');
  });

  it("marks a model whose licence forbids commercial use as 'Non-commercial'", () => {
    const licence = { name: 'NC', url: null, commercial_use: false };
    renderGenerationModal(
      { optionsOpen: true },
      { models: [CATALOG[0]!, catalogModel('nc', { name: 'Sketch', licence })] },
    );
    const group = screen.getByRole('group', { name: 'Model' });
    expect(
      within(group)
        .getByRole('radio', { name: /^Sketch/ })
        .closest('label'),
    ).toHaveTextContent('Non-commercial');
    expect(
      within(group)
        .getByRole('radio', { name: /^Turbo/ })
        .closest('label'),
    ).not.toHaveTextContent('Non-commercial');
  });
});
