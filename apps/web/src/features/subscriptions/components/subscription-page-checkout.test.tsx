import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  errorAnswer,
  INVOICE_URL,
  renderSubscriptionPage,
  serveCreate,
  servePrice,
  serveStatus,
  statusOf,
} from '../../../../test/features/subscriptions/render-subscription-page';

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

  it("Continue opens the payment page by itself; the page still says the spec's words", async () => {
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
    expect(
      await screen.findByText('Complete your payment to activate Premium'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Payment Page' })).toBeInTheDocument();
    expect(await screen.findByText('Activating premium...')).toBeInTheDocument();
    const pending = await screen.findByRole('region', { name: 'Payment Pending' });
    expect(within(pending).getByRole('heading', { name: 'Payment Pending' })).toBeInTheDocument();
    expect(pending).toHaveTextContent(
      'Your payment is being processed. Premium access will be activated once payment is confirmed.',
    );
    expect(within(pending).getByRole('button', { name: 'Check Status' })).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Open Payment' })).toHaveAttribute(
      'href',
      INVOICE_URL,
    );
    // The status card's pending warning would repeat what the banner and the card say.
    expect(
      screen.queryByText(
        'Your payment is being processed. This may take a few minutes to complete.',
      ),
    ).not.toBeInTheDocument();
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
