import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../../../test/support/fixtures';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  adminPayment,
  operatorHandler,
  paymentDetail,
} from '../../../../../test/features/admin/payments/payments-fixtures';

beforeEach(() => {
  server.use(...signedInHandlers(), operatorHandler);
});

describe('the console Payments page (/admin/payments)', { timeout: 20_000 }, () => {
  it('lists payments and asks the server again for a status and a search', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/admin/payments', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ payments: [adminPayment()], total: 1 });
      }),
    );
    const { user } = renderApp('/admin/payments');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('buyer@example.com');
    expect(row).toHaveTextContent('Monthly plan');
    expect(row).toHaveTextContent('29.00 USD');
    expect(row).toHaveTextContent('waiting for reconcile');
    // The viewer's locale, with the exact time, zone included, on hover.
    const time = within(row).getByText(/2026/);
    expect(time).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    expect(time).toHaveAttribute(
      'title',
      new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' }).format(
        new Date('2026-11-20T10:00:00.000Z'),
      ),
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'finished');
    await user.type(screen.getByLabelText('Search'), 'buyer@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?status=finished&q=buyer%40&limit=25&offset=0'));
  });

  it('counts a long search near its limit and refuses one over it instead of cutting it', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/admin/payments', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ payments: [adminPayment()], total: 1 });
      }),
    );
    const { user } = renderApp('/admin/payments');
    await screen.findByRole('table');
    const search = screen.getByLabelText('Search');
    await user.click(search);
    await user.paste('b'.repeat(201));
    expect(search).toHaveValue('b'.repeat(201));
    expect(search).toHaveAccessibleDescription(/201 \/ 200 characters/);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The search can be at most 200 characters.')).toBeVisible();
    expect(asked.every((query) => !query.includes('bbb'))).toBe(true);
  });

  it('opens a row from its Details button, in the same words for statuses as the history', async () => {
    const detail = paymentDetail();
    detail.ipnDeliveries = [
      { ...detail.ipnDeliveries[0]!, id: 'd-3', claimedStatus: 'waiting', signatureValid: true },
    ];
    detail.ipnDeliveries[0]!.outcome = 'stale';
    detail.ipnDeliveries[0]!.statusCode = 200;
    server.use(
      http.get('*/api/v1/admin/payments', () =>
        HttpResponse.json({ payments: [adminPayment()], total: 1 }),
      ),
      http.get('*/api/v1/admin/payments/:id', () => HttpResponse.json(detail)),
    );
    const { user } = renderApp('/admin/payments');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    // The email is text, not a control that looks like a link to the person.
    expect(within(row).getAllByRole('button')).toHaveLength(1);
    await user.click(within(row).getByRole('button', { name: /^Details/ }));
    const dialog = await screen.findByRole('dialog');
    const history = await within(dialog).findByRole('region', { name: 'Status history' });
    const deliveries = within(dialog).getByRole('region', { name: 'IPN deliveries' });
    // One pill for a status wherever it is shown.
    const historyPill = within(history).getByText('waiting');
    const deliveryPill = within(deliveries).getByText('waiting');
    expect(deliveryPill.className).toBe(historyPill.className);
    expect(deliveries).toHaveTextContent(
      'stale (200): not applied: the payment had already moved past this status',
    );
  });

  it('says what would appear when there are no payments yet', async () => {
    server.use(
      http.get('*/api/v1/admin/payments', () => HttpResponse.json({ payments: [], total: 0 })),
    );
    renderApp('/admin/payments');
    expect(await screen.findByText(/No payments yet/)).toBeInTheDocument();
  });

  it("opens a payment's timeline and IPN deliveries, reconciles it now and shows the answer", async () => {
    let reconciled = false;
    const finished = adminPayment({ status: 'finished', awaitingReconcile: false });
    server.use(
      http.get('*/api/v1/admin/payments', () =>
        HttpResponse.json({ payments: [reconciled ? finished : adminPayment()], total: 1 }),
      ),
      http.get('*/api/v1/admin/payments/:id', () =>
        HttpResponse.json(paymentDetail(reconciled ? finished : adminPayment())),
      ),
      http.post('*/api/v1/admin/payments/:id/reconcile', () => {
        reconciled = true;
        return HttpResponse.json({
          outcome: 'applied',
          detail: null,
          previousStatus: 'confirming',
          providerStatus: 'finished',
          payment: finished,
        });
      }),
    );
    const { user } = renderApp('/admin/payments');
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: /buyer@example.com/ }));
    const dialog = await screen.findByRole('dialog');
    const history = await within(dialog).findByRole('region', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('waiting'), expect.stringContaining('by reconciliation')]);
    const deliveries = within(dialog).getByRole('region', { name: 'IPN deliveries' });
    expect(deliveries).toHaveTextContent('claims finished');
    expect(deliveries).toHaveTextContent('signature invalid');
    expect(deliveries).toHaveTextContent('unverified (401)');

    await user.click(within(dialog).getByRole('button', { name: 'Reconcile now' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('applied');
    expect(within(dialog).getByRole('status')).toHaveTextContent('was confirming, now finished');
    // The list behind the dialog reloads (hidden from assistive technology while the dialog is open).
    await waitFor(() =>
      expect(within(table).getAllByRole('row', { hidden: true })[1]).toHaveTextContent('finished'),
    );
  });

  it("shows the server's message when the reconcile is refused", async () => {
    const unpaid = adminPayment({ providerPaymentId: '9', status: 'waiting' });
    server.use(
      http.get('*/api/v1/admin/payments', () =>
        HttpResponse.json({ payments: [unpaid], total: 1 }),
      ),
      http.get('*/api/v1/admin/payments/:id', () => HttpResponse.json(paymentDetail(unpaid))),
      http.post('*/api/v1/admin/payments/:id/reconcile', () =>
        HttpResponse.json(
          { error: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'The provider is not responding.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderApp('/admin/payments');
    await user.click(
      within(await screen.findByRole('table')).getByRole('button', { name: /buyer@example.com/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Reconcile now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The provider is not responding.',
    );
  });

  it('lists subscriptions on their tab', async () => {
    server.use(
      http.get('*/api/v1/admin/payments', () => HttpResponse.json({ payments: [], total: 0 })),
      http.get('*/api/v1/admin/subscriptions', () =>
        HttpResponse.json({
          subscriptions: [
            {
              userId: 'user-1',
              email: 'buyer@example.com',
              plan: 'lifetime',
              status: 'active',
              isLifetime: true,
              activatedAt: '2026-11-01T00:00:00Z',
              expiresAt: null,
              pendingPaymentId: null,
              updatedAt: '2026-11-01T00:00:00Z',
            },
          ],
          total: 1,
        }),
      ),
    );
    const { user } = renderApp('/admin/payments');
    await user.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('buyer@example.com')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Lifetime');
    expect(panel).toHaveTextContent('for life');
  });
});
