import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  auditEntry,
  consoleHandlers,
} from '../../../../../test/features/admin/people/people-fixtures';

let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  server.use(
    ...consoleHandlers(),
    http.get('*/api/v1/admin/audit', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      if (params.get('user') === 'nobody@example.com') {
        return HttpResponse.json({ entries: [], total: 0 });
      }
      const entries = [
        auditEntry({ id: 3 }),
        auditEntry({
          id: 2,
          action: 'settings_update',
          targetUserId: null,
          targetEmail: null,
          reason: 'incident',
          before: { generation: 'on', message: '' },
          after: { generation: 'off', message: 'Back soon' },
        }),
        auditEntry({
          id: 1,
          action: 'account_delete',
          targetEmail: null,
          before: null,
          after: null,
        }),
      ];
      return HttpResponse.json({ entries, total: 120 });
    }),
  );
});

// Typing and dialogs are slow on a busy machine: more room than the default 5 s.
describe('the audit log (/admin/audit)', { timeout: 20_000 }, () => {
  it('shows each action in words, on whom (a link), why, and before → after', async () => {
    const { user } = renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit rows' });
    const [grant, settings, deletion] = within(table).getAllByRole('row').slice(1);
    expect(grant).toHaveTextContent(/op@example\.com.*Granted credits.*ada@example\.com.*refund/);
    expect(within(grant!).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      '/admin/people/user-42',
    );
    expect(settings).toHaveTextContent(/Changed the generation switch.*—.*incident/);
    expect(deletion).toHaveTextContent(/Deleted the account.*A deleted account/);
    await user.click(within(settings!).getByText('Details'));
    const lines = within(settings!)
      .getAllByRole('definition')
      .map((line) => line.textContent);
    expect(lines).toEqual(['on → off', '(empty) → Back soon']);
    expect(asked[0]!.get('offset')).toBe('0');
  });

  it('pages through the log, 50 rows a page', async () => {
    const { user } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit rows' });
    const pager = screen.getByRole('navigation', { name: 'Audit pages' });
    expect(pager).toHaveTextContent('1–50 of 120');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await expect.poll(() => asked.at(-1)?.get('offset')).toBe('50');
    expect(await within(pager).findByText('51–100 of 120')).toBeInTheDocument();
  });

  it('filters by a person, keeping the filter in the URL, and says when nothing matches', async () => {
    const { user, router } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit rows' });
    await user.type(screen.getByRole('searchbox', { name: 'Person' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(
      await screen.findByText(/No operator action about “nobody@example.com” yet/),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?user=nobody%40example.com');
    expect(asked.at(-1)?.get('user')).toBe('nobody@example.com');
  });
});
