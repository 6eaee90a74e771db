import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  creditState,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { HeaderCredits } from './header-credits';

const PREMIUM_MESSAGE = 'Premium - Unlimited generations';
const CHANNEL = 'credits:user-1';

/*
 * A premium answer that would trip every free-user rule if premium were ignored: a low balance
 * (Low Credits, request button at 2 or less), a request allowed, a cooldown date and a
 * generation count past 'Creator'.
 */
const premium = creditState({
  balance: 2,
  user_type: 'premium',
  is_premium: true,
  can_request_credits: true,
  next_eligible_at: new Date(Date.now() + 3_600_000).toISOString(),
});
const free = creditState({ balance: 0, can_request_credits: true });

function expectPremiumHeader() {
  expect(screen.getByText('PREMIUM')).toBeInTheDocument();
  expect(screen.getByTestId('credit-status-message')).toHaveTextContent(PREMIUM_MESSAGE);
  expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Get daily credits' })).toBeNull();
  expect(screen.queryByRole('timer')).toBeNull();
  expect(screen.queryByText('Low Credits')).toBeNull();
  expect(screen.queryByText('Creator')).toBeNull();
  expect(screen.queryByTestId('credit-balance')).toBeNull();
  expect(screen.queryByRole('button', { name: /Buy credits/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Purchase more' })).toBeNull();
}

function expectFreeHeader() {
  expect(screen.queryByText('PREMIUM')).toBeNull();
  expect(screen.getByTestId('credit-status-message')).toHaveTextContent(
    'No credits remaining. Get daily credits to continue.',
  );
  expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  expect(screen.getByRole('button', { name: 'Get daily credits' })).toBeEnabled();
  expect(screen.getByRole('button', { name: '0 credits, Buy credits' })).toBeInTheDocument();
}

async function renderJoined() {
  const view = renderWithCredits(<HeaderCredits />);
  await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL));
  return view;
}

beforeEach(() => {
  server.use(...signedInHandlers());
  localStorage.setItem('userGenerationCount', '12');
});

describe('header for a premium user (spec §2, §6)', () => {
  it('shows PREMIUM and the unlimited message, and none of the free-user prompts', async () => {
    serveCredits(premium);
    renderWithCredits(<HeaderCredits />);
    await screen.findByText('PREMIUM');
    expectPremiumHeader();
  });

  it.each(['premium_expired', 'premium_cancelled'])(
    '%s on the credits channel brings the free-user header back without a reload',
    async (event) => {
      serveCredits((call) => (call === 1 ? premium : free));
      const view = await renderJoined();
      await screen.findByText('PREMIUM');

      act(() => view.realtime.socket().send(CHANNEL, event));
      await screen.findByRole('link', { name: 'Upgrade to Premium' });
      expectFreeHeader();
      expect(screen.getByText('Creator')).toBeInTheDocument();
    },
  );

  it('premium_activated turns the free-user header into the premium one', async () => {
    serveCredits((call) => (call === 1 ? free : premium));
    const view = await renderJoined();
    await screen.findByRole('link', { name: 'Upgrade to Premium' });

    act(() => view.realtime.socket().send(CHANNEL, 'premium_activated'));
    await screen.findByText('PREMIUM');
    expectPremiumHeader();
  });

  it('a re-read of GET /credits that is no longer premium is enough, with no event', async () => {
    serveCredits((call) => (call === 1 ? premium : free));
    const view = renderWithCredits(<HeaderCredits />);
    await screen.findByText('PREMIUM');

    // What the subscription page does when the subscription changes.
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['credits', 'state'] }));
    await screen.findByRole('link', { name: 'Upgrade to Premium' });
    expectFreeHeader();
  });
});

describe("the header's upgrade entry point for a free user", () => {
  it("'Upgrade to Premium' navigates to /subscription", async () => {
    serveCredits(free);
    const { user } = renderWithCredits(
      <Routes>
        <Route path="/" element={<HeaderCredits />} />
        <Route path="/subscription" element={<h1>Subscription page</h1>} />
      </Routes>,
    );
    await user.click(await screen.findByRole('link', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('heading', { name: 'Subscription page' })).toBeInTheDocument();
  });
});
