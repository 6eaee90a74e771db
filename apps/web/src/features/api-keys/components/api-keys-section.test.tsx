import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { apiKey, NEW_KEY, serveApiKeys } from '../../../../test/features/api-keys/api-key-fixtures';
import { ApiKeysSection } from './api-keys-section';

function renderSection() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiKeysSection />
    </QueryClientProvider>,
  );
  return { user };
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'API keys' })).getAllByRole('listitem');

describe('profile: API keys section', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
  });

  it('lists each key with its prefix, scopes and when it was last used', async () => {
    serveApiKeys([
      apiKey('k-1', 'render bot', {
        scopes: ['generations', 'favorites'],
        last_used_at: '2026-11-21T09:30:00.000Z',
      }),
      apiKey('k-2', 'spare'),
    ]);
    renderSection();
    const [bot, spare] = await items();
    expect(bot).toHaveTextContent('render bot nct_ab12…');
    expect(bot).toHaveTextContent('Generations and favorites');
    expect(bot).toHaveTextContent(/last used .*2026/);
    expect(spare).toHaveTextContent('never used');
  });

  it('says when there are none', async () => {
    serveApiKeys();
    renderSection();
    expect(await screen.findByText('You have no API keys yet.')).toBeInTheDocument();
  });

  it('creates a key, shows it once in a read-only field with Copy, and announces it', async () => {
    const served = serveApiKeys();
    const { user } = renderSection();
    await screen.findByText('You have no API keys yet.');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByLabelText('Key name')).toHaveAccessibleDescription(/A name is required\./);
    expect(served.calls).toEqual([]);

    await user.type(screen.getByLabelText('Key name'), 'render bot');
    await user.click(screen.getByLabelText(/Manage favorites/));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const field = await screen.findByLabelText('Your new API key');
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription('Copy it now: it will not be shown again.');
    expect(screen.getByRole('status')).toHaveTextContent('Key created.');
    expect(served.calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/v1\/api-keys$/),
        body: { name: 'render bot', scopes: ['generations', 'favorites'] },
      },
    ]);
    const [created] = await items();
    expect(created).toHaveTextContent('render bot');
    expect(created).not.toHaveTextContent(NEW_KEY);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Your new API key')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a key beyond the limit', async () => {
    const served = serveApiKeys();
    const { user } = renderSection();
    await screen.findByText('You have no API keys yet.');
    served.refuse = {
      status: 409,
      error: 'API_KEY_LIMIT_REACHED',
      message: PRODUCT_ERRORS.API_KEY_LIMIT_REACHED.message,
    };
    await user.type(screen.getByLabelText('Key name'), 'one more');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PRODUCT_ERRORS.API_KEY_LIMIT_REACHED.message,
    );
    expect(screen.queryByLabelText('Your new API key')).not.toBeInTheDocument();
  });

  it('revokes a key only after a confirmation', async () => {
    const served = serveApiKeys([apiKey('k-1', 'render bot'), apiKey('k-2', 'spare')]);
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Revoke render bot' }));
    expect(served.calls).toEqual([]);
    const confirm = screen.getByRole('group', { name: 'Revoke render bot?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group', { name: 'Revoke render bot?' })).not.toBeInTheDocument();
    expect(served.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke render bot' }));
    await user.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(served.calls).toEqual([
      { method: 'DELETE', url: expect.stringMatching(/\/api-keys\/k-1$/), body: null },
    ]);
    expect((await items())[0]).toHaveTextContent('spare');
  });
});
