import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  consoleHandlers,
  personDetail,
  personSummary,
} from '../../../../../test/features/admin/people/people-fixtures';

let balance: number;
let bodies: { method: string; path: string; body: unknown }[];

const record = async (request: Request) => {
  const body: unknown = await request.json();
  bodies.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body as { amount?: number; suspended?: boolean; reason: string };
};

beforeEach(() => {
  balance = 12;
  bodies = [];
  server.use(
    ...consoleHandlers(),
    http.get('*/api/v1/admin/users/user-42', () =>
      HttpResponse.json(personDetail({ person: personSummary({ balance }) })),
    ),
    http.get('*/api/v1/admin/users/user-42/ledger', () =>
      HttpResponse.json({ entries: [], total: 0 }),
    ),
    http.get('*/api/v1/admin/audit', () => HttpResponse.json({ entries: [], total: 0 })),
    http.get('*/api/v1/admin/users', () => HttpResponse.json({ people: [], total: 0 })),
    http.post('*/api/v1/admin/users/user-42/credits', async ({ request }) => {
      const { amount = 0 } = await record(request);
      if (balance + amount < 0) {
        return HttpResponse.json(
          { error: 'INSUFFICIENT_CREDITS', message: `They have only ${balance} credits.` },
          { status: 402 },
        );
      }
      balance += amount;
      return HttpResponse.json({ balance });
    }),
    http.put('*/api/v1/admin/users/user-42/generation', async ({ request }) => {
      const { suspended } = await record(request);
      return HttpResponse.json({ suspended });
    }),
    http.delete('*/api/v1/admin/users/user-42/sessions', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ended: 2 });
    }),
    http.delete('*/api/v1/admin/users/user-42', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ deleted: true });
    }),
  );
});

async function openPerson() {
  const view = renderApp('/admin/people/user-42');
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  return view;
}

const profileBalance = () =>
  within(screen.getByRole('region', { name: 'Profile' })).getByText('Balance').nextSibling;

// Typing and dialogs are slow on a busy machine: more room than the default 5 s.
describe("actions on a person's account", { timeout: 20_000 }, () => {
  it('links to the Payments page with the grant of a plan opened for this person', async () => {
    await openPerson();
    expect(screen.getByRole('link', { name: 'Grant a plan' })).toHaveAttribute(
      'href',
      '/admin/payments?grant=user-42',
    );
  });

  it('grants credits with a reason, shows the new balance and refreshes the page', async () => {
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Grant or take credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant or take credits' });
    await user.type(within(dialog).getByLabelText('Amount'), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    // No reason yet: the dialog asks for one and sends nothing.
    expect(within(dialog).getByText('Say why in 3 to 500 characters.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'sorry for the outage');
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Granted 7 credits. Balance now 19.',
    );
    expect(bodies).toEqual([
      {
        method: 'POST',
        path: '/api/v1/admin/users/user-42/credits',
        body: { amount: 7, reason: 'sorry for the outage' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect.poll(() => profileBalance()?.textContent).toBe('19 credits');
  });

  it('counts a long reason near its limit and refuses one over it instead of cutting it', async () => {
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Suspend generation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend generation' });
    const reason = within(dialog).getByLabelText('Reason');
    await user.click(reason);
    await user.paste('r'.repeat(400));
    expect(reason).toHaveAccessibleDescription(
      "Kept in the audit log and in the person's data export. · 400 / 500 characters",
    );
    await user.paste('r'.repeat(101));
    expect(reason).toHaveValue('r'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Say why in 3 to 500 characters.')).toBeVisible();
    expect(reason).toHaveAccessibleDescription(/501 \/ 500 characters/);
    expect(bodies).toEqual([]);
  });

  it("takes credits and shows the server's refusal inside the dialog", async () => {
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Grant or take credits' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Action'), 'take');
    await user.type(within(dialog).getByLabelText('Amount'), '50');
    await user.type(within(dialog).getByLabelText('Reason'), 'duplicate grant');
    await user.click(within(dialog).getByRole('button', { name: 'Take away' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'They have 12 credits: a debit cannot take the balance below zero.',
    );
    expect(bodies[0]!.body).toEqual({ amount: -50, reason: 'duplicate grant' });
  });

  it('suspends generation and ends every session, each with a reason', async () => {
    const { user } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Suspend generation' }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend generation' });
    await user.type(within(dialog).getByLabelText('Reason'), 'abusive prompts');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Generation suspended.');

    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    dialog = await screen.findByRole('dialog', { name: 'End all their sessions?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'account taken over');
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('Ended 2 sessions.')).toBeInTheDocument();
    expect(bodies.map(({ method, body }) => [method, body])).toEqual([
      ['PUT', { suspended: true, reason: 'abusive prompts' }],
      ['DELETE', { reason: 'account taken over' }],
    ]);
  });

  it('deletes only once the address is typed, then goes back to People with a notice', async () => {
    const { user, router } = await openPerson();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete the account' });
    await user.type(within(dialog).getByLabelText('Reason'), 'asked by email');
    await user.type(within(dialog).getByLabelText('Type ada@example.com to confirm'), 'ada@');
    expect(submit).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('Type ada@example.com to confirm'),
      'example.com',
    );
    await user.click(submit);
    await expect.poll(() => router.state.location.pathname).toBe('/admin/people');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The account ada@example.com was deleted.',
    );
    expect(bodies).toEqual([
      { method: 'DELETE', path: '/api/v1/admin/users/user-42', body: { reason: 'asked by email' } },
    ]);
  });
});
