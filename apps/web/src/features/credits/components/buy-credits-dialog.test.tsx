import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  creditState,
  errorResponse,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { BuyCreditsButton } from './buy-credits-button';

const PACKAGES = [
  { package_id: 'starter', credits: 50, price: 4.99, currency: 'usd' },
  { package_id: 'creator', credits: 200, price: 14.99, currency: 'usd' },
  { package_id: 'studio', credits: 500, price: 29.99, currency: 'usd' },
];
const INVOICE_URL = 'https://pay.example/invoice/123';

function servePackages(answer: () => Response = () => HttpResponse.json({ packages: PACKAGES })) {
  server.use(http.get('*/api/v1/credits/packages', answer));
}

function serveTopUp(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/v1/credits/topup', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const invoiceAnswer = () =>
  HttpResponse.json({ message: 'Invoice created for 200 credits.', invoice_url: INVOICE_URL });

async function openDialog() {
  const view = renderWithCredits(<BuyCreditsButton />);
  await view.user.click(screen.getByRole('button', { name: 'Buy credits' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
  return { ...view, dialog };
}

beforeEach(() => {
  server.use(...signedInHandlers());
  serveCredits(creditState({ balance: 2 }));
});

describe('buy credits dialog', () => {
  it('lists the packs with credits, price and price per credit', async () => {
    servePackages();
    const { dialog } = await openDialog();
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('50 credits');
    expect(items[0]).toHaveTextContent('$4.99');
    expect(items[0]).toHaveTextContent('$0.10 per credit');
    expect(items[0]).not.toHaveTextContent('0.0998');
    expect(items[2]).toHaveTextContent('500 credits');
    expect(items[2]).toHaveTextContent('$0.06 per credit');
    expect(
      within(dialog).getByRole('button', { name: 'Buy 200 credits for $14.99' }),
    ).toBeEnabled();
  });

  it('buys a pack in one click: the payment page opens by itself, then the new balance', async () => {
    servePackages();
    const calls = serveCredits((call) => creditState({ balance: call === 1 ? 2 : 202 }));
    serveTopUp(invoiceAnswer);
    const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { dialog, user, realtime } = await openDialog();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Buy 200 credits for $14.99' }),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(INVOICE_URL));
    expect(tab.opener).toBeNull();
    expect(await within(dialog).findByText(/payment page opened in a new tab/)).toBeVisible();
    expect(within(dialog).queryByRole('link', { name: 'Open Payment Page' })).toBeNull();
    expect(within(dialog).getByText(/Waiting for payment confirmation/)).toHaveTextContent(
      'Your balance: 2 credits.',
    );
    await waitFor(() => expect(realtime.socket().joins('credits:user-1')).toHaveLength(1));
    realtime.socket().ack('SUBSCRIBED', 'credits:user-1');
    realtime.socket().send('credits:user-1', 'credit_updated', { balance: 202 });
    expect(
      await within(dialog).findByText('Payment received! Your balance is now 202 credits.'),
    ).toBeVisible();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    open.mockRestore();
  });

  it('a blocked tab falls back to the Open Payment Page link', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    servePackages();
    const calls = serveCredits((call) => creditState({ balance: call === 1 ? 2 : 202 }));
    const bodies = serveTopUp(invoiceAnswer);
    const { dialog, user, realtime } = await openDialog();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Buy 200 credits for $14.99' }),
    );
    expect(await within(dialog).findByText('Invoice created for 200 credits.')).toBeVisible();
    expect(bodies).toEqual([{ package_id: 'creator' }]);
    const open = within(dialog).getByRole('link', { name: 'Open Payment Page' });
    expect(open).toHaveAttribute('href', INVOICE_URL);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');

    // jsdom does not open tabs; the click still tells the dialog the payment page is open.
    open.addEventListener('click', (event) => event.preventDefault());
    await user.click(open);
    expect(within(dialog).getByText(/Waiting for payment confirmation/)).toHaveTextContent(
      'Your balance: 2 credits.',
    );

    await waitFor(() => expect(realtime.socket().joins('credits:user-1')).toHaveLength(1));
    realtime.socket().ack('SUBSCRIBED', 'credits:user-1');
    realtime.socket().send('credits:user-1', 'credit_updated', { balance: 202 });
    expect(
      await within(dialog).findByText('Payment received! Your balance is now 202 credits.'),
    ).toBeVisible();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('an unavailable provider shows its message in the red banner; the packs stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    servePackages();
    const unavailable = PRODUCT_ERRORS.PAYMENT_PROVIDER_UNAVAILABLE;
    serveTopUp(() => errorResponse(503, 'PAYMENT_PROVIDER_UNAVAILABLE', unavailable.message));
    const tab = { closed: false, opener: null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: /Buy 50 credits/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(unavailable.message);
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog).queryByRole('link', { name: 'Open Payment Page' })).toBeNull();
  });

  it('an unverified email is asked to verify first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    servePackages();
    serveTopUp(() => errorResponse(400, 'VALIDATION_ERROR'));
    const { dialog, user } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: /Buy 50 credits/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please verify your email address before buying credits.',
    );
  });

  it('packs that fail to load show the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    servePackages(() => errorResponse(404, 'NOT_FOUND'));
    const { dialog } = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ERROR_CATALOGUE.NOT_FOUND.message,
    );
  });
});
