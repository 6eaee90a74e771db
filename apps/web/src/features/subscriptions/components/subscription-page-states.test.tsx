import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  deferred,
  errorAnswer,
  INVOICE_URL,
  renderSubscriptionPage,
  servePrice,
  serveStatus,
  statusOf,
} from '../../../../test/features/subscriptions/render-subscription-page';

describe('/subscription states', () => {
  it('no subscription (404): upgrade card with price, coins, 300+ link and both plans', async () => {
    serveStatus(errorAnswer(404, 'NOT_FOUND'));
    servePrice();
    renderSubscriptionPage();
    expect(await screen.findByText('No active subscription')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('$29')).toBeInTheDocument();
    expect(screen.getByText('$299')).toBeInTheDocument();
    expect(screen.getByText(/Cancel anytime/)).toBeInTheDocument();
    for (const coin of ['Bitcoin', 'Ethereum', 'XRP', 'Tether'])
      expect(screen.getByText(coin)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /300\+ more coins/ });
    expect(link).toHaveAttribute('href', 'https://nowpayments.io/supported-coins');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Unlock unlimited imagination' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Get lifetime access' })).toBeEnabled();
    for (const feature of ['Unlimited Generations', 'Priority Processing', 'Premium Support'])
      expect(screen.getByText(feature)).toBeInTheDocument();
  });

  it("shows '$...' while the price loads and $29.99 when it fails", async () => {
    serveStatus({ has_subscription: false });
    const { promise: failure, resolve: fail } = deferred<Response>();
    server.use(http.get('*/api/v1/subscriptions/price', () => failure));
    renderSubscriptionPage({ price: false });
    expect(await screen.findAllByText('$...')).toHaveLength(2);
    fail(errorAnswer(400, 'VALIDATION_ERROR'));
    expect(await screen.findByText('$29.99')).toBeInTheDocument();
    expect(screen.queryByText('Get lifetime access')).not.toBeInTheDocument();
  });

  it('active monthly: premium texts and expiry, no upgrade card', async () => {
    serveStatus(statusOf({ expires_at: '2030-01-15T12:00:00.000Z' }));
    servePrice();
    renderSubscriptionPage();
    expect(await screen.findByText("You're a Premium Creator!")).toBeInTheDocument();
    expect(screen.getByText('Premium Access Active')).toBeInTheDocument();
    expect(screen.getByText(/^Expires: /)).toBeInTheDocument();
    expect(screen.queryByText('Unlock unlimited imagination')).not.toBeInTheDocument();
  });

  it('lifetime: Lifetime access', async () => {
    serveStatus(statusOf({ is_lifetime: true, plan: 'lifetime', expires_at: null }));
    renderSubscriptionPage();
    expect(await screen.findByText('Lifetime access')).toBeInTheDocument();
  });

  it('expiring soon: warning and a monthly renewal only', async () => {
    serveStatus(
      statusOf({ expires_at: new Date(Date.now() + 3 * 86_400_000 - 60_000).toISOString() }),
    );
    servePrice();
    renderSubscriptionPage();
    expect(await screen.findByText(/expires in 3 days/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Unlock unlimited imagination' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get lifetime access' })).not.toBeInTheDocument();
  });

  it('pending: texts, Open Payment link and Check Status → Checking...', async () => {
    const calls: Request[] = [];
    const { promise: later, resolve: release } = deferred<Response>();
    server.use(
      http.get('*/api/v1/subscriptions/status', ({ request }) => {
        calls.push(request);
        return calls.length === 1
          ? HttpResponse.json(
              statusOf({ status: 'pending', expires_at: null, invoice_url: INVOICE_URL }),
            )
          : later;
      }),
    );
    const { user } = renderSubscriptionPage();
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your payment is being processed. Premium access will be activated once payment is confirmed.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Your payment is being processed. This may take a few minutes to complete.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Payment' })).toHaveAttribute('href', INVOICE_URL);
    expect(screen.queryByText('Unlock unlimited imagination')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByRole('button', { name: 'Checking...' })).toBeDisabled();
    release(HttpResponse.json(statusOf({ status: 'pending', expires_at: null })));
    expect(await screen.findByRole('button', { name: 'Check Status' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Open Payment' })).not.toBeInTheDocument();
  });

  it('cancelled: Payment Failed with the support mailto, and the upgrade card again', async () => {
    serveStatus(statusOf({ status: 'cancelled', expires_at: null }));
    servePrice();
    renderSubscriptionPage();
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(
      screen.getByText(/cancelled or the amount received was below the price/),
    ).toBeInTheDocument();
    const mail = await screen.findByRole('link', { name: 'help@nocturne.test' });
    expect(mail.getAttribute('href')).toMatch(/^mailto:help@nocturne\.test/);
    expect(screen.getByText(/screenshot/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Unlock unlimited imagination' }),
    ).toBeInTheDocument();
  });

  it('expired: renewal message and upgrade card', async () => {
    serveStatus(statusOf({ status: 'expired' }));
    renderSubscriptionPage();
    expect(await screen.findByText('Subscription expired')).toBeInTheDocument();
    expect(screen.getByText(/has expired\. Renew/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Unlock unlimited imagination' }),
    ).toBeInTheDocument();
  });

  it('a lapsed first invoice says the payment window closed and offers to start again', async () => {
    serveStatus(statusOf({ status: 'expired', expires_at: null, ever_paid: false }));
    renderSubscriptionPage();
    expect(await screen.findByText('Payment window closed')).toBeInTheDocument();
    expect(screen.getByText(/payment window closed before a payment arrived/)).toBeInTheDocument();
    expect(screen.queryByText('Subscription expired')).not.toBeInTheDocument();
    expect(screen.queryByText(/Premium access has expired/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Unlock unlimited imagination' }),
    ).toBeInTheDocument();
  });

  it('a status failure other than 404 shows the red banner', async () => {
    serveStatus(errorAnswer(403, 'FORBIDDEN', 'nope'));
    renderSubscriptionPage();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
