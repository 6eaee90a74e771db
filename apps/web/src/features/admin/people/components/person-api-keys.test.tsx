import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import { apiKey } from '../../../../../test/features/api-keys/api-key-fixtures';
import {
  consoleHandlers,
  personDetail,
} from '../../../../../test/features/admin/people/people-fixtures';

let keys: ReturnType<typeof apiKey>[];
let revokes: { path: string; body: unknown }[];

beforeEach(() => {
  keys = [
    apiKey('k-1', 'render bot', {
      scopes: ['generations', 'favorites'],
      last_used_at: '2026-11-21T09:30:00.000Z',
    }),
    apiKey('k-2', 'spare'),
  ];
  revokes = [];
  server.use(
    ...consoleHandlers(),
    http.get('*/api/v1/admin/users/user-42', () => HttpResponse.json(personDetail())),
    http.get('*/api/v1/admin/users/user-42/ledger', () =>
      HttpResponse.json({ entries: [], total: 0 }),
    ),
    http.get('*/api/v1/admin/audit', () => HttpResponse.json({ entries: [], total: 0 })),
    http.get('*/api/v1/admin/users/user-42/api-keys', () => HttpResponse.json({ api_keys: keys })),
    http.delete('*/api/v1/admin/users/user-42/api-keys/:keyId', async ({ request, params }) => {
      revokes.push({ path: new URL(request.url).pathname, body: await request.json() });
      keys = keys.filter((key) => key.id !== params.keyId);
      return HttpResponse.json({ revoked: true });
    }),
  );
});

const keysSection = () => screen.getByRole('region', { name: 'API keys' });

// Typing and dialogs are slow on a busy machine: more room than the default 5 s.
describe("a person's API keys in the console", { timeout: 20_000 }, () => {
  it('lists their keys with scopes, created and last used', async () => {
    renderApp('/admin/people/user-42');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const table = await within(keysSection()).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/render bot \(nct_ab12…\).*generations, favorites/);
    expect(rows[1]).toHaveTextContent(/spare.*never/);
  });

  it('revokes a key with a reason, and says so in the live region', async () => {
    const { user } = renderApp('/admin/people/user-42');
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const table = await within(keysSection()).findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Revoke render bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key render bot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    expect(within(dialog).getByText('Say why in 3 to 500 characters.')).toBeInTheDocument();
    expect(revokes).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'posted on a forum');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    expect(await screen.findByText('The API key render bot was revoked.')).toBeInTheDocument();
    expect(revokes).toEqual([
      { path: '/api/v1/admin/users/user-42/api-keys/k-1', body: { reason: 'posted on a forum' } },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(keysSection()).findByRole('table')).not.toHaveTextContent('render bot');
  });
});
