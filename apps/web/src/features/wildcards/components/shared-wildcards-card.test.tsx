import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { wildcard } from '../../../../test/features/characters/character-fixtures';
import { SharedWildcardsCard } from './shared-wildcards-card';

/** /api/v1/admin/wildcards over the shared lists held here. */
function serveShared(initial: Wildcard[]) {
  const state = { lists: [...initial], calls: [] as Array<{ method: string; url: string }> };
  server.use(
    http.get('*/api/v1/admin/wildcards', () => HttpResponse.json({ wildcards: state.lists })),
    http.put('*/api/v1/admin/wildcards/:name', async ({ request, params }) => {
      const { values } = (await request.json()) as { values: string[] };
      state.calls.push({ method: 'PUT', url: request.url });
      const saved = wildcard(String(params.name), values);
      state.lists = [...state.lists.filter((list) => list.name !== saved.name), saved];
      return HttpResponse.json({ wildcard: saved });
    }),
    http.delete('*/api/v1/admin/wildcards/:name', ({ request, params }) => {
      state.calls.push({ method: 'DELETE', url: request.url });
      state.lists = state.lists.filter((list) => list.name !== params.name);
      return HttpResponse.json({ deleted: true });
    }),
  );
  return state;
}

describe('console: shared wildcard lists', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
  });

  it('saves a shared list from its lines and deletes one', async () => {
    const served = serveShared([wildcard('season', ['spring', 'autumn'])]);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SharedWildcardsCard />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Shared wildcard lists' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('__season__spring, autumn');
    await user.type(screen.getByLabelText('Shared list name'), 'weather');
    await user.type(screen.getByLabelText('Shared list lines'), 'rain{Enter}snow');
    await user.click(screen.getByRole('button', { name: 'Save shared list' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(served.calls[0]?.url).toMatch(/\/api\/v1\/admin\/wildcards\/weather$/);
    expect(served.lists.at(-1)?.values).toEqual(['rain', 'snow']);
    await user.click(screen.getByRole('button', { name: 'Delete shared __season__' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('__weather__rain, snow');
  });
});
