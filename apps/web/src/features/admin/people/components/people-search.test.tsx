import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  consoleHandlers,
  personSummary,
} from '../../../../../test/features/admin/people/people-fixtures';

let searches: URLSearchParams[] = [];

beforeEach(() => {
  searches = [];
  server.use(
    ...consoleHandlers(),
    http.get('*/api/v1/admin/users', ({ request }) => {
      const params = new URL(request.url).searchParams;
      searches.push(params);
      const q = params.get('q') ?? '';
      const everyone = [
        personSummary(),
        personSummary({
          id: 'user-7',
          email: 'grace@example.com',
          name: 'Grace Hopper',
          username: null,
          plan: 'lifetime',
          generationSuspended: true,
          balance: 1500,
        }),
      ];
      const people = everyone.filter((person) => person.email.includes(q));
      return HttpResponse.json({ people, total: people.length });
    }),
  );
});

// Typing and dialogs are slow on a busy machine: more room than the default 5 s.
describe('People (/admin/people)', { timeout: 20_000 }, () => {
  it('counts a long search near its limit and refuses one over it, never cutting or sending it', async () => {
    const { user } = renderApp('/admin/people');
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(search);
    await user.paste('g'.repeat(201));
    expect(search).toHaveValue('g'.repeat(201));
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription(/201 \/ 200 characters/);
    expect(
      screen.getByText('The search can be at most 200 characters (it has 201).'),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches.map((params) => params.get('q') ?? '')).not.toContain('g'.repeat(201));
  });

  it('lists the newest people before any search, each row opening the person', async () => {
    renderApp('/admin/people');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Ada Lovelace.*ada@example\.com.*ada.*12.*Free/),
      expect.stringMatching(/Grace Hopper.*grace@example\.com.*—.*1,500.*Lifetime.*Suspended/),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/admin/people/user-42',
    );
    expect(searches[0]!.has('q')).toBe(false);
    expect(screen.getByText('2 people, newest first')).toBeInTheDocument();
  });

  it('searches as the operator pauses typing and keeps the query in the URL', async () => {
    const { user, router } = renderApp('/admin/people');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await expect.poll(() => router.state.location.search).toBe('?q=grace');
    const table = await screen.findByRole('table');
    await expect.poll(() => within(table).queryAllByRole('row').length).toBe(2);
    expect(within(table).getByText('Grace Hopper')).toBeInTheDocument();
    // Debounced: one search for the whole word, not one per letter.
    expect(searches.map((params) => params.get('q'))).toEqual([null, 'grace']);
  });

  it('opens a row clicked while the search still waits, instead of going back to the search', async () => {
    server.use(
      http.get('*/api/v1/admin/users/user-42', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: 'Not found.' }, { status: 404 }),
      ),
    );
    const { user, router } = renderApp('/admin/people');
    const table = await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await user.click(within(table).getByRole('link', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Person not found' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(router.state.location.pathname).toBe('/admin/people/user-42');
  });

  it('opens with the search of a link (?q=) filled in, and says when no one matches', async () => {
    renderApp('/admin/people?q=nobody');
    expect(
      await screen.findByText("No one's email, username or id matches “nobody”."),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nobody');
  });

  it('shows the notice it is sent back with (after a deletion)', async () => {
    const { router } = renderApp('/admin');
    await screen.findByRole('navigation', { name: 'Console sections' });
    await router.navigate('/admin/people', { state: { notice: 'The account was deleted.' } });
    expect(await screen.findByRole('status')).toHaveTextContent('The account was deleted.');
  });
});
