import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogModelLora } from '@nocturne/contract/models/loras';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import {
  DEFAULT_BODY,
  setupGenerationModalTests,
} from '../../../../test/features/generations/generation-modal-fixtures';
import { CATALOG, catalogModel } from '../../../../test/features/generations/model-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

setupGenerationModalTests();

function lora(id: string, name: string, overrides: Partial<CatalogModelLora> = {}) {
  return {
    id,
    name,
    default_weight: 0.8,
    trigger_words: [],
    tier: 'free' as const,
    locked: false,
    ...overrides,
  };
}

const LORAS = [
  lora('ink', 'Ink sketch', { trigger_words: ['ink sketch', 'cross-hatching'] }),
  lora('grain', 'Film grain', { default_weight: 1 }),
  lora('neon', 'Neon glow'),
  lora('pastel', 'Pastel'),
  lora('gilded', 'Gilded', { tier: 'premium', locked: true }),
];
const MODELS = [
  catalogModel('sdxl', { name: 'SDXL', is_default: true, loras: LORAS }),
  CATALOG[1]!,
];
const loraGroup = () => screen.getByRole('group', { name: 'LoRAs' });

describe('generation modal: LoRA picker', () => {
  it('lists the model’s LoRAs with their trigger words and sends the chosen ones at their weights', async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true }, { models: MODELS });
    const group = loraGroup();
    expect(within(group).getByText('Adds: ink sketch, cross-hatching')).toBeVisible();
    await view.user.click(within(group).getByRole('checkbox', { name: 'Ink sketch' }));
    const weight = within(group).getByLabelText('Weight of Ink sketch');
    expect(weight).toHaveValue(0.8);
    await view.user.clear(weight);
    await view.user.type(weight, '0.5');
    await view.user.click(within(group).getByRole('checkbox', { name: 'Film grain' }));
    await view.user.type(screen.getByLabelText('Prompt'), 'a harbour');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      ...DEFAULT_BODY,
      content_prompt: 'a harbour',
      model: 'sdxl',
      loras: [
        { id: 'ink', weight: 0.5 },
        { id: 'grain', weight: 1 },
      ],
    });
    // Typing into number fields is slow in jsdom on a busy machine.
  }, 15_000);

  it('searches by name and allows at most 3', async () => {
    const view = renderGenerationModal({ optionsOpen: true }, { models: MODELS });
    const group = loraGroup();
    await view.user.type(within(group).getByLabelText('Search LoRAs'), 'GRAIN');
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('id')),
    ).toHaveLength(1);
    expect(within(group).getByRole('checkbox', { name: 'Film grain' })).toBeVisible();
    await view.user.clear(within(group).getByLabelText('Search LoRAs'));
    for (const name of ['Ink sketch', 'Film grain', 'Neon glow'])
      await view.user.click(within(group).getByRole('checkbox', { name }));
    expect(within(group).getByRole('checkbox', { name: 'Pastel' })).toBeDisabled();
    expect(within(group).getByText('At most 3 LoRAs per image.')).toBeVisible();
  });

  it('leads a free person from a Premium LoRA to the upgrade', async () => {
    const view = renderGenerationModal({ optionsOpen: true }, { models: MODELS });
    expect(within(loraGroup()).queryByRole('checkbox', { name: /Gilded/ })).toBeNull();
    await view.user.click(within(loraGroup()).getByRole('button', { name: /^Gilded/ }));
    const upgrade = await screen.findByRole('dialog', { name: 'Unlock unlimited imagination' });
    expect(upgrade).toHaveTextContent('Gilded is part of Premium.');
  });

  it('drops the LoRAs when another model is chosen, and offers none for a model without', async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true }, { models: MODELS });
    await view.user.click(within(loraGroup()).getByRole('checkbox', { name: 'Ink sketch' }));
    const models = screen.getByRole('group', { name: 'Model' });
    await view.user.click(within(models).getByRole('radio', { name: /^Detail/ }));
    expect(screen.queryByRole('group', { name: 'LoRAs' })).toBeNull();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).not.toHaveProperty('loras');
  });
});
