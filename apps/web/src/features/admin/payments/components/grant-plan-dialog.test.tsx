import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../../../test/support/fixtures';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import { operatorHandler } from '../../../../../test/features/admin/payments/payments-fixtures';

const person = {
  id: 'user-1',
  email: 'buyer@example.com',
  name: 'Buyer',
  username: null,
  emailVerified: true,
  createdAt: '2026-11-01T00:00:00Z',
  balance: 0,
  plan: null,
  generationSuspended: false,
};

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    operatorHandler,
    http.get('*/api/v1/admin/payments', () => HttpResponse.json({ payments: [], total: 0 })),
    http.get('*/api/v1/admin/users', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      const found = q === 'user-1' || q === 'BUYER@example.com';
      return HttpResponse.json({ people: found ? [person] : [], total: found ? 1 : 0 });
    }),
  );
});

async function fillIn(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByLabelText('Plan'), 'lifetime');
  await user.type(within(dialog).getByLabelText('Reason'), 'paid to an expired invoice');
  await user.type(within(dialog).getByLabelText(/reference/), 'np-5551');
  await user.click(within(dialog).getByRole('button', { name: 'Review' }));
}

describe('Grant a plan by hand (/admin/payments?grant=<userId>)', { timeout: 20_000 }, () => {
  it('asks for confirmation naming the person, then grants and says what the plan is now', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/admin/users/:id/plan', async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({
          granted: true,
          paymentId: 'p-1',
          userId: 'user-1',
          plan: 'lifetime',
          subscription: { plan: 'lifetime', status: 'active', isLifetime: true, expiresAt: null },
        });
      }),
    );
    const { user } = renderApp('/admin/payments?grant=user-1');
    const dialog = await screen.findByRole('dialog', { name: 'Grant a plan by hand' });
    expect(within(dialog).getByLabelText('Person (email or id)')).toHaveValue('user-1');
    await fillIn(user, dialog);
    expect(await within(dialog).findByText('buyer@example.com')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Grant the plan' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('The plan was granted.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('lifetime, active for life');
    expect(bodies).toEqual([
      {
        id: 'user-1',
        body: { plan: 'lifetime', reason: 'paid to an expired invoice', reference: 'np-5551' },
      },
    ]);
  });

  it('says so when the reference was used before, and shows a refusal from the server', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/v1/admin/users/:id/plan', () => {
        calls += 1;
        if (calls === 1) {
          return HttpResponse.json(
            { error: 'PAYMENT_ALREADY_GRANTED', message: 'Already granted by its IPN.' },
            { status: 409 },
          );
        }
        return HttpResponse.json({
          granted: false,
          paymentId: 'p-0',
          userId: 'user-1',
          plan: 'monthly',
          subscription: null,
        });
      }),
    );
    const { user } = renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: 'Grant a plan by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant a plan by hand' });
    await user.type(within(dialog).getByLabelText('Person (email or id)'), 'BUYER@example.com');
    await fillIn(user, dialog);
    await user.click(await within(dialog).findByRole('button', { name: 'Grant the plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Already granted by its IPN.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Grant the plan' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Nothing was granted: this reference was already used',
    );
  });

  it('counts a long reason and reference near their limits and names the limits when over', async () => {
    const { user } = renderApp('/admin/payments?grant=user-1');
    const dialog = await screen.findByRole('dialog', { name: 'Grant a plan by hand' });
    const reason = within(dialog).getByLabelText('Reason');
    await user.click(reason);
    await user.paste('r'.repeat(501));
    expect(reason).toHaveValue('r'.repeat(501));
    expect(reason).toHaveAccessibleDescription('501 / 500 characters');
    const reference = within(dialog).getByLabelText(/reference/);
    await user.click(reference);
    await user.paste('n'.repeat(170));
    expect(reference).toHaveAccessibleDescription(
      'The provider’s payment id or the proof’s id · 170 / 200 characters',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Write a reason (3 to 500 characters) and the provider’s reference (3 to 200 letters, digits or . : - / # _).',
    );
  });

  it('names a person that does not exist instead of granting', async () => {
    const { user } = renderApp('/admin/payments?grant=');
    const dialog = await screen.findByRole('dialog', { name: 'Grant a plan by hand' });
    await user.type(within(dialog).getByLabelText('Person (email or id)'), 'nobody@example.com');
    await fillIn(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No person has this email or id.',
    );
  });
});
