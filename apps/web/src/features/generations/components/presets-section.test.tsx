import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { CATALOG, serveModels } from '../../../../test/features/generations/model-fixtures';
import { preset, servePresets } from '../../../../test/features/generations/preset-fixtures';
import { PresetsSection } from './presets-section';

function renderSection() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PresetsSection />
    </QueryClientProvider>,
  );
  return { user };
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'Presets' })).getAllByRole('listitem');

describe('profile: Presets section', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
    serveModels(CATALOG);
  });

  it('lists each preset with its options', async () => {
    servePresets([
      preset('p-1', 'Portrait', { aspect_ratio: '3:4', model: 'detail', negative_prompt: 'text' }),
      preset('p-2', 'Quick', { quality: 'fast', image_count: 2 }),
    ]);
    renderSection();
    const [portrait, quick] = await items();
    // The model's name once the catalog is read.
    await waitFor(() =>
      expect(portrait).toHaveTextContent(
        'PortraitDetail · 3:4 · 1 image · Balanced · No styleKeep out: text',
      ),
    );
    expect(quick).toHaveTextContent('QuickDefault model · 1:1 · 2 images · Fast · No style');
  });

  it('says when there are none', async () => {
    servePresets();
    renderSection();
    expect(await screen.findByText('You have no presets yet.')).toBeInTheDocument();
  });

  it('renames a preset, and shows a name already taken', async () => {
    const served = servePresets([preset('p-1', 'Portrait'), preset('p-2', 'Quick')]);
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Rename Portrait' }));
    const field = screen.getByLabelText('New name for Portrait');
    served.refuse = {
      status: 409,
      error: 'PRESET_NAME_TAKEN',
      message: PRODUCT_ERRORS.PRESET_NAME_TAKEN.message,
    };
    await user.clear(field);
    await user.type(field, 'Quick{enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PRODUCT_ERRORS.PRESET_NAME_TAKEN.message,
    );
    await user.clear(field);
    await user.type(field, 'Tall portrait{enter}');
    await waitFor(() => expect(screen.queryByLabelText('New name for Portrait')).toBeNull());
    expect(served.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { name: 'Tall portrait' },
    });
    expect(served.calls.at(-1)?.url).toMatch(/\/api\/v1\/presets\/p-1$/);
    expect(await screen.findByText('Tall portrait')).toBeInTheDocument();
  });

  it('drops a refused rename with Cancel', async () => {
    const served = servePresets([preset('p-1', 'Portrait'), preset('p-2', 'Quick')]);
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Rename Portrait' }));
    const { message } = PRODUCT_ERRORS.PRESET_NAME_TAKEN;
    served.refuse = { status: 409, error: 'PRESET_NAME_TAKEN', message };
    const field = screen.getByLabelText('New name for Portrait');
    await user.clear(field);
    await user.type(field, 'Quick{enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('deletes a preset', async () => {
    const served = servePresets([preset('p-1', 'Portrait'), preset('p-2', 'Quick')]);
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Delete Quick' }));
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(served.calls).toEqual([
      expect.objectContaining({ method: 'DELETE', url: expect.stringMatching(/presets\/p-2$/) }),
    ]);
    expect(screen.queryByText('Quick')).toBeNull();
  });
});
