import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  auditEntry,
  consoleHandlers,
  ledgerEntry,
  personDetail,
} from '../../../../../test/features/admin/people/people-fixtures';

const section = (name: string) => screen.getByRole('region', { name });
const table = (name: string) => within(section(name)).getByRole('table');

beforeEach(() => {
  server.use(
    ...consoleHandlers(),
    http.get('*/api/v1/admin/users/user-42', () => HttpResponse.json(personDetail())),
    http.get('*/api/v1/admin/users/user-42/ledger', ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      const entries =
        offset === 0
          ? [
              ledgerEntry(),
              ledgerEntry({ id: 'ledger-2', amount: -1, reason: 'generation', balanceAfter: 5 }),
            ]
          : [ledgerEntry({ id: 'ledger-old', amount: 6, reason: 'daily_grant', balanceAfter: 6 })];
      return HttpResponse.json({ entries, total: 21 });
    }),
    http.get('*/api/v1/admin/audit', ({ request }) => {
      expect(new URL(request.url).searchParams.get('user')).toBe('user-42');
      return HttpResponse.json({ entries: [auditEntry()], total: 1 });
    }),
  );
});

// Typing and dialogs are slow on a busy machine: more room than the default 5 s.
describe('a person (/admin/people/:userId)', { timeout: 20_000 }, () => {
  it('shows the profile, ledger, generations, payments, refusals, sessions and audit rows', async () => {
    renderApp('/admin/people/user-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    const profile = section('Profile');
    expect(within(profile).getByText('verified')).toBeInTheDocument();
    expect(within(profile).getByText('@ada')).toBeInTheDocument();
    expect(within(profile).getByText(/Monthly · active · until/)).toBeInTheDocument();
    expect(within(profile).getByText('Two-factor sign-in').nextSibling).toHaveTextContent('On');
    expect(within(profile).getByText('Operator').nextSibling).toHaveTextContent('No');

    const ledgerRows = await within(section('Credit ledger')).findAllByRole('row');
    expect(ledgerRows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Operator grant\+712$/),
      expect.stringMatching(/Generation-15$/),
    ]);
    expect(table('Generations')).toHaveTextContent(/completed.*sd-turbo.*a lighthouse at dusk/);
    expect(table('Payments')).toHaveTextContent(/credit pack.*finished.*4\.99 USD/);
    expect(table('Refused prompts')).toHaveTextContent(/sexual_minor.*teen.*something refused/);
    expect(table('Sessions')).toHaveTextContent(/Chrome on Windows.*203\.0\.113\.9/);
    const audit = await within(section('Operator actions on this person')).findByRole('table');
    expect(audit).toHaveTextContent(/Granted credits.*refund for a broken image/);
  });

  it('has its live region on the page, empty, before the first notice', async () => {
    renderApp('/admin/people/user-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    // A region that appears already filled is not read out by every screen reader.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('pages the ledger', async () => {
    const { user } = renderApp('/admin/people/user-42');
    await within(await screen.findByRole('region', { name: 'Credit ledger' })).findByRole('table');
    expect(within(section('Credit ledger')).getByText('1–20 of 21')).toBeInTheDocument();
    await user.click(within(section('Credit ledger')).getByRole('button', { name: 'Next' }));
    expect(await within(table('Credit ledger')).findByText('Daily credits')).toBeInTheDocument();
    expect(within(section('Credit ledger')).getByText('21–21 of 21')).toBeInTheDocument();
  });

  it('shows a clear not-found panel for an unknown person', async () => {
    server.use(
      http.get('*/api/v1/admin/users/nobody', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: 'Not found.' }, { status: 404 }),
      ),
    );
    renderApp('/admin/people/nobody');
    expect(await screen.findByRole('heading', { name: 'Person not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to People' })).toHaveAttribute(
      'href',
      '/admin/people',
    );
  });
});
