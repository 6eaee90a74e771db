import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  creditState,
  errorResponse,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { HeaderCredits } from './header-credits';

const message = () => screen.getByTestId('credit-status-message');
const balance = () => screen.getByTestId('credit-balance');

async function renderHeader(options: Parameters<typeof renderWithCredits>[1] = {}) {
  const view = renderWithCredits(<HeaderCredits />, options);
  await screen.findByTestId('credit-status-message');
  return view;
}

beforeEach(() => {
  server.use(...signedInHandlers());
});

describe('header credit display (spec §2)', () => {
  it('premium: PREMIUM badge and unlimited message; no upgrade, request, low or count badges', async () => {
    localStorage.setItem('userGenerationCount', '12');
    serveCredits(creditState({ balance: 0, is_premium: true, user_type: 'premium' }));
    await renderHeader();
    expect(screen.getByText('PREMIUM')).toBeInTheDocument();
    expect(message()).toHaveTextContent('Premium - Unlimited generations');
    expect(screen.queryByTestId('credit-balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get daily credits' })).not.toBeInTheDocument();
    expect(screen.queryByText('Creator')).not.toBeInTheDocument();
    expect(screen.queryByText('Low Credits')).not.toBeInTheDocument();
  });

  it('a new user (404) is welcomed with the request button and no credit error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCredits(() => errorResponse(404, 'NOT_FOUND'));
    await renderHeader();
    expect(message()).toHaveTextContent('Welcome! Get your daily credits to start generating.');
    expect(balance()).toHaveTextContent('0');
    expect(balance()).toHaveAttribute('data-colour', 'red');
    expect(screen.getByRole('button', { name: 'Get daily credits' })).toBeEnabled();
    expect(screen.queryByText('Credit Error')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    // On phones they are icons: the names are also their tooltips.
    expect(screen.getByRole('button', { name: 'Get daily credits' })).toHaveAttribute(
      'title',
      'Get daily credits',
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'title',
      'Upgrade to Premium',
    );
  });

  it('0 credits that can be requested', async () => {
    serveCredits(creditState({ balance: 0, can_request_credits: true }));
    await renderHeader();
    expect(message()).toHaveTextContent('No credits remaining. Get daily credits to continue.');
    expect(screen.getByRole('button', { name: 'Get daily credits' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('0 credits in cooldown: the message and timer tick every second to Available now', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const now = new Date('2026-03-01T12:00:00.000Z');
      vi.setSystemTime(now);
      serveCredits(
        creditState({
          balance: 0,
          can_request_credits: false,
          next_eligible_at: new Date(now.getTime() + 65_000).toISOString(),
        }),
      );
      await renderHeader({ fakeTimers: true });
      expect(message()).toHaveTextContent('No credits remaining. Next daily credits in 1m 5s');
      expect(screen.getByRole('timer')).toHaveTextContent('1m 5s');
      expect(screen.queryByRole('button', { name: 'Get daily credits' })).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(message()).toHaveTextContent('No credits remaining. Next daily credits in 1m 4s');
      expect(screen.getByRole('timer')).toHaveTextContent('1m 4s');

      await act(() => vi.advanceTimersByTimeAsync(64_000));
      expect(screen.getByRole('timer')).toHaveTextContent('Available now');
      expect(message()).toHaveTextContent('Available now');
    } finally {
      vi.useRealTimers();
    }
  });

  it('0 credits otherwise: purchase more', async () => {
    serveCredits(creditState({ balance: 0 }));
    await renderHeader();
    expect(message()).toHaveTextContent('No credits remaining. Purchase more to continue.');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get daily credits' })).not.toBeInTheDocument();
  });

  it('1 credit: singular message, yellow and Low Credits', async () => {
    serveCredits(creditState({ balance: 1 }));
    await renderHeader();
    expect(message()).toHaveTextContent('1 credit remaining');
    expect(balance()).toHaveTextContent('1');
    expect(balance()).toHaveAttribute('data-colour', 'yellow');
    expect(screen.getByText('Low Credits')).toBeInTheDocument();
  });

  it('many credits: locale grouping, green, no Low Credits', async () => {
    serveCredits(creditState({ balance: 12345 }));
    await renderHeader();
    expect(within(balance()).getByTestId('credit-balance-value')).toHaveTextContent(
      new Intl.NumberFormat().format(12345),
    );
    expect(message()).toHaveTextContent(
      `${new Intl.NumberFormat().format(12345)} credits remaining`,
    );
    expect(balance()).toHaveAttribute('data-colour', 'green');
    expect(screen.queryByText('Low Credits')).not.toBeInTheDocument();
  });

  it.each([
    [0, 'red', false],
    [4, 'yellow', true],
    [5, 'green', false],
  ])('balance %i is %s (Low Credits: %s)', async (amount, colour, low) => {
    serveCredits(creditState({ balance: amount }));
    await renderHeader();
    expect(balance()).toHaveAttribute('data-colour', colour);
    expect(Boolean(screen.queryByText('Low Credits'))).toBe(low);
  });

  it.each([
    ['4', null],
    ['5', 'Artist'],
    ['9', 'Artist'],
    ['10', 'Creator'],
  ])('localStorage userGenerationCount %s shows badge %s', async (count, badge) => {
    localStorage.setItem('userGenerationCount', count);
    serveCredits(creditState({ balance: 20 }));
    await renderHeader();
    expect(Boolean(screen.queryByText('Artist'))).toBe(badge === 'Artist');
    expect(Boolean(screen.queryByText('Creator'))).toBe(badge === 'Creator');
  });

  it('shows the request button only for balance 2 or less that can request', async () => {
    serveCredits(creditState({ balance: 2, can_request_credits: true }));
    const first = await renderHeader();
    expect(screen.getByRole('button', { name: 'Get daily credits' })).toBeInTheDocument();
    first.unmount();

    serveCredits(creditState({ balance: 3, can_request_credits: true }));
    await renderHeader();
    expect(screen.queryByRole('button', { name: 'Get daily credits' })).not.toBeInTheDocument();
  });

  it('a granted request shows the banner for 5 s and the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serveCredits(creditState({ balance: 0, can_request_credits: true }));
      const posts: Request[] = [];
      server.use(
        http.post('*/api/v1/credits/request-daily', ({ request }) => {
          posts.push(request);
          return HttpResponse.json(creditState({ balance: 10, can_request_credits: false }));
        }),
      );
      const { user } = await renderHeader({ fakeTimers: true });
      await user.click(screen.getByRole('button', { name: 'Get daily credits' }));
      expect(await screen.findByText('You received 10 daily credits!')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('You received 10 daily credits!');
      expect(posts).toHaveLength(1);
      expect(await posts[0]?.text()).toBe('');
      expect(message()).toHaveTextContent('10 credits remaining');
      expect(screen.queryByRole('button', { name: 'Get daily credits' })).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(4_900));
      expect(screen.getByText('You received 10 daily credits!')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.queryByText('You received 10 daily credits!')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed load shows Credit Error with the message and 0 credits', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveCredits(() => errorResponse(400, 'INTERNAL_ERROR'));
    await renderHeader();
    expect(screen.getByRole('button', { name: 'Credit Error' })).toBeInTheDocument();
    expect(message()).toHaveTextContent('Something went wrong. Please try again later.');
    expect(balance()).toHaveTextContent('0');
    expect(screen.queryByRole('button', { name: 'Get daily credits' })).not.toBeInTheDocument();
  });

  afterEach(() => {
    vi.useRealTimers();
  });
});

describe('buying credits from the header (issue 10)', () => {
  function servePackages() {
    server.use(
      http.get('*/api/v1/credits/packages', () =>
        HttpResponse.json({
          packages: [{ package_id: 'starter', credits: 50, price: 4.99, currency: 'usd' }],
        }),
      ),
    );
  }

  it("'Purchase more' in the zero-balance message opens the credit packs", async () => {
    servePackages();
    serveCredits(creditState({ balance: 0, can_request_credits: false, next_eligible_at: null }));
    const { user } = await renderHeader();
    expect(message()).toHaveTextContent('No credits remaining. Purchase more to continue.');
    await user.click(within(message()).getByRole('button', { name: 'Purchase more' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy credits' });
    expect(await within(dialog).findByText('50 credits')).toBeInTheDocument();
  });

  it('the balance opens the credit packs', async () => {
    servePackages();
    serveCredits(creditState({ balance: 7 }));
    const { user } = await renderHeader();
    expect(within(message()).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: '7 credits, Buy credits' }));
    expect(await screen.findByRole('dialog', { name: 'Buy credits' })).toBeInTheDocument();
  });

  // Label in name (WCAG 2.5.3): a speech-input user says the figure they see.
  it.each([
    [7, '7 credits, Buy credits'],
    [1, '1 credit, Buy credits'],
  ])('the balance %i is named by the figure it shows, first: %s', async (shown, name) => {
    serveCredits(creditState({ balance: shown }));
    await renderHeader();
    const button = screen.getByRole('button', { name: /Buy credits/ });
    expect(button).toHaveAccessibleName(name);
    expect(name.startsWith(within(button).getByTestId('credit-balance-value').textContent!)).toBe(
      true,
    );
  });

  it('premium has no buy entry in the header', async () => {
    serveCredits(creditState({ balance: 0, is_premium: true, user_type: 'premium' }));
    await renderHeader();
    expect(screen.queryByRole('button', { name: /Buy credits/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Purchase more' })).toBeNull();
  });
});
