import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  operatorHandlers,
  refusalsApi,
  preloadModerationPage,
} from '../../../../../test/features/admin/moderation/moderation-fixtures';
import { moderationListsApi } from '../../../../../test/features/admin/moderation/moderation-lists-api';

let api: ReturnType<typeof moderationListsApi>;

beforeAll(preloadModerationPage, 60_000);

beforeEach(() => {
  api = moderationListsApi({ phrases: ['kid gloves'], terms: ['zorblax'] });
  server.use(...operatorHandlers(), ...refusalsApi([]).handlers, ...api.handlers);
});

// Lazy console chunks and many keystrokes: slower than the default on a busy machine.
describe('the moderation lists (/admin/moderation?tab=…)', { timeout: 15_000 }, () => {
  it('adds a blocked term with its rule and language; a duplicate shows at the field', async () => {
    const { user } = renderApp('/admin/moderation?tab=blocked-terms');
    const form = await screen.findByRole('form', { name: 'Add a blocked term' });
    await user.type(within(form).getByLabelText('Term'), 'glorp');
    await user.selectOptions(within(form).getByLabelText('Rule'), 'inherent');
    await user.type(within(form).getByLabelText('Language (optional)'), 'es');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    const table = await screen.findByRole('table', { name: 'Blocked terms' });
    const added = (await within(table).findByText('glorp')).closest('tr')!;
    expect(added).toHaveTextContent('Refused on its own');
    expect(added).toHaveTextContent('es');
    expect(api.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/blocked-terms',
        body: { term: 'glorp', rule: 'inherent', language: 'es' },
      },
    ]);
    expect(within(form).getByLabelText('Term')).toHaveValue('');

    await user.type(within(form).getByLabelText('Term'), 'zorblax');
    await user.selectOptions(within(form).getByLabelText('Rule'), 'sexual');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('This entry is already on the list.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Term')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a field’s rule at the field and sends nothing when the contract refuses it', async () => {
    const { user } = renderApp('/admin/moderation?tab=blocked-terms');
    const form = await screen.findByRole('form', { name: 'Add a blocked term' });
    await user.type(within(form).getByLabelText('Term'), 'glorp');
    await user.type(within(form).getByLabelText('Language (optional)'), 'Spanish');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText('A language is a code of 2 or 3 lower-case letters, e.g. es.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Language (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.requests).toEqual([]);
  });

  it('removes a blocked term only once confirmed', async () => {
    const { user } = renderApp('/admin/moderation?tab=blocked-terms');
    const remove = await screen.findByRole('button', { name: 'Remove the blocked term “zorblax”' });
    const zorblax = api.lists['blocked-terms'][0]?.id;
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove the blocked term “zorblax”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove the blocked term “zorblax”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No blocked terms of your own yet/)).toBeInTheDocument();
    expect(api.requests).toEqual([
      { method: 'DELETE', path: `/api/v1/admin/blocked-terms/${zorblax}` },
    ]);
  });

  it('adds and removes a blocked name, with the empty state between', async () => {
    const { user } = renderApp('/admin/moderation?tab=blocked-names');
    expect(await screen.findByText(/No names of your own yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Jane Example');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(
      await screen.findByRole('button', { name: 'Remove the blocked name “Jane Example”' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No names of your own yet/)).toBeInTheDocument();
    expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/v1/admin/blocked-names',
      expect.stringMatching(/^DELETE \/api\/v1\/admin\/blocked-names\//),
    ]);
  });

  it('lists the allowed phrases and removes one, saying its prompts are refused again', async () => {
    const { user } = renderApp('/admin/moderation?tab=allowed-phrases');
    const table = await screen.findByRole('table', { name: 'Allowed phrases' });
    expect(within(table).getByText('kid gloves')).toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', { name: 'Remove the allowed phrase “kid gloves”' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The prompts it lets through are refused again, from now on.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
    expect(screen.getByText(/No allowed phrases yet/)).toBeInTheDocument();
  });
});
