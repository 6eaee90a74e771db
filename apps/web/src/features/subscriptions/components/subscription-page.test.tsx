import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/msw-server';
import {
  deferred,
  errorAnswer,
  INVOICE_URL,
  renderSubscriptionPage,
  serveCreate,
  servePrice,
  serveStatus,
  statusOf,
} from '../testing/render-subscription-page';

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
    for (const feature of [
      'Unlimited Generations',
      'Priority Processing',
      'Advanced AI Models',
      'Premium Support',
    ])
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

/** What `window.open` hands back: a tab the page can send somewhere or close. */
function fakeTab() {
  return { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
}

describe('/subscription checkout', () => {
  async function openModal(plan = 'Unlock unlimited imagination') {
    serveStatus({ has_subscription: false });
    servePrice();
    const view = renderSubscriptionPage();
    await view.user.click(await screen.findByRole('button', { name: plan }));
    return { ...view, dialog: await screen.findByRole('dialog') };
  }

  it('the instructions modal shows both steps, the warnings, and Cancel closes it', async () => {
    const { user, dialog } = await openModal();
    const modal = within(dialog);
    expect(modal.getByText('Step 1 Payment Initiated')).toBeInTheDocument();
    expect(modal.getByText('DO NOT CLOSE THE PAYMENT PAGE')).toBeInTheDocument();
    expect(modal.getByText('15 MINUTE PAYMENT WINDOW')).toBeInTheDocument();
    expect(modal.getByText(/retry button on the payment page/)).toBeInTheDocument();
    expect(modal.getByText(/not\s+Nocturne's responsibility/)).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Next step' }));
    expect(modal.getByText('Step 2 Payment Processing & Completion')).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Continue creates the plan, shows Processing..., then the success banner and its button', async () => {
    let answer: (response: Response) => void = () => {};
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/subscriptions/create', async ({ request }) => {
        bodies.push(await request.json());
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    // The browser blocks the tab opened by Continue: the button is the way to the invoice.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, dialog } = await openModal('Get lifetime access');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(bodies).toEqual([{ plan: 'lifetime' }]);
    serveStatus(statusOf({ status: 'pending', expires_at: null, invoice_url: INVOICE_URL }));
    answer(HttpResponse.json({ message: 'Invoice created', invoice_url: INVOICE_URL }));
    expect(await screen.findByText('Invoice created')).toBeInTheDocument();
    expect(screen.getByText('Complete your payment to activate Premium')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Payment Page' }));
    expect(open).toHaveBeenLastCalledWith(
      INVOICE_URL,
      '_blank',
      expect.stringContaining('noopener'),
    );
    expect(await screen.findByText('Activating premium...')).toBeInTheDocument();
    expect(screen.getByText('Please wait for payment confirmation')).toBeInTheDocument();
    open.mockRestore();
  });

  it('Continue opens the payment page by itself and shows the pending state once', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serveCreate();
    const { user, dialog } = await openModal();
    serveStatus(statusOf({ status: 'pending', expires_at: null, invoice_url: INVOICE_URL }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(INVOICE_URL));
    expect(tab.opener).toBeNull();
    expect(await screen.findByText(/payment page opened in a new tab/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open Payment Page' })).not.toBeInTheDocument();
    expect(await screen.findByText('Activating premium...')).toBeInTheDocument();
    expect(await screen.findByText('Payment pending')).toBeInTheDocument();
    expect(screen.queryByText('Payment Pending')).not.toBeInTheDocument();
    expect(screen.queryByText(/Your payment is being processed/)).not.toBeInTheDocument();
    open.mockRestore();
  });

  it('a refused Continue closes the blank tab it opened', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    serveCreate(errorAnswer(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider is down'));
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe('');
    open.mockRestore();
  });

  it.each([
    ['VALIDATION_ERROR', 422, 'Please verify your email address before subscribing.'],
    ['ALREADY_EXISTS', 409, 'You already have an active subscription.'],
    ['PAYMENT_PROVIDER_UNAVAILABLE', 503, 'The payment provider is unavailable'],
  ])('a %s refusal shows its message in the red banner', async (code, status, text) => {
    serveCreate(errorAnswer(status, code, 'The payment provider is unavailable'));
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(
      within(screen.getByRole('region', { name: 'Upgrade to Premium' })).getByRole('alert'),
    ).toBe(alert);
  });
});
