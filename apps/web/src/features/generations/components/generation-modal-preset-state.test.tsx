import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { PRESET_NAME_MAX_LENGTH } from '@nocturne/contract/presets/preset';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';
import { CATALOG } from '../../../../test/features/generations/model-fixtures';
import { preset, servePresets } from '../../../../test/features/generations/preset-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

setupGenerationModalTests();

/** Preset errors go with their cause; the applied preset stays named (issue 44 items 6, 7). */
describe('generation modal: what the preset bar keeps saying', () => {
  it('clears a refused name when the naming is cancelled, and when the name changes', async () => {
    const served = servePresets([preset('p-1', 'Tall')]);
    const { message } = PRODUCT_ERRORS.PRESET_NAME_TAKEN;
    served.refuse = { status: 409, error: 'PRESET_NAME_TAKEN', message };
    const view = renderGenerationModal({}, { models: CATALOG });
    await view.user.click(screen.getByRole('button', { name: 'Save as preset' }));
    await view.user.type(screen.getByLabelText('Preset name'), 'Tall');
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await view.user.type(screen.getByLabelText('Preset name'), 'er');
    expect(screen.queryByText(message)).not.toBeInTheDocument();

    served.refuse = { status: 409, error: 'PRESET_NAME_TAKEN', message };
    await view.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Save as preset' });
    await view.user.click(within(group).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('keeps the applied preset chosen and named until an option changes', async () => {
    servePresets([preset('p-1', 'Wide', { aspect_ratio: '16:9' })]);
    const view = renderGenerationModal({ optionsOpen: true }, { models: CATALOG });
    const picker = await screen.findByRole('combobox', { name: 'Preset' });
    await view.user.selectOptions(picker, 'Wide');
    expect(picker).toHaveDisplayValue('Wide');
    expect(screen.getByRole('status')).toHaveTextContent('Applied “Wide”.');
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    expect(picker).toHaveDisplayValue('Wide');

    await view.user.click(screen.getByRole('radio', { name: '1:1' }));
    expect(picker).toHaveDisplayValue('Apply a preset…');
    expect(screen.queryByText('Applied “Wide”.')).not.toBeInTheDocument();
  });

  it('counts the preset name near its limit and says the limit past it', async () => {
    servePresets([]);
    const view = renderGenerationModal({}, { models: CATALOG });
    await view.user.click(screen.getByRole('button', { name: 'Save as preset' }));
    const name = screen.getByLabelText('Preset name');
    await view.user.click(name);
    await view.user.paste('p'.repeat(PRESET_NAME_MAX_LENGTH + 2));
    expect(name).toHaveValue('p'.repeat(PRESET_NAME_MAX_LENGTH + 2));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining(
        `A preset name can be at most ${PRESET_NAME_MAX_LENGTH} characters (it has ${PRESET_NAME_MAX_LENGTH + 2}).`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
