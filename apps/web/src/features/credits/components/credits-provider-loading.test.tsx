import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCredits } from '../hooks/use-credits';
import {
  creditState,
  errorResponse,
  renderWithCredits,
  serveCredits,
  probeState as state,
  setupCreditsProviderTests,
} from '../../../../test/features/credits/render-with-credits';
import { HeaderCredits } from './header-credits';
import { Probe } from '../../../../test/features/credits/credit-probe';

setupCreditsProviderTests();

describe('credit state (spec §3/§4)', () => {
  it('loads nothing without a user id', async () => {
    const calls = serveCredits(creditState());
    renderWithCredits(<Probe />, { userId: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(state()).toMatchObject({ balance: 0, loading: false, error: null });
  });

  it('stores the server state with the premium aliases', async () => {
    serveCredits(creditState({ balance: 0, is_premium: true, user_type: 'premium' }));
    renderWithCredits(<Probe />);
    await waitFor(() => expect(state().loading).toBe(false));
    expect(state()).toMatchObject({
      balance: 0,
      isPremium: true,
      is_premium: true,
      premium: true,
      user_type: 'premium',
      canGenerate: true,
      error: null,
    });
  });

  it('404 means a new user: 0 credits, standard, can request, no error', async () => {
    serveCredits(() => errorResponse(404, 'NOT_FOUND'));
    renderWithCredits(<Probe />);
    await waitFor(() => expect(state().loading).toBe(false));
    expect(state()).toEqual({
      balance: 0,
      loading: false,
      error: null,
      isNewUser: true,
      isPremium: false,
      is_premium: false,
      premium: false,
      user_type: 'standard',
      canGenerate: false,
      canRequestCredits: true,
      displayMessage: 'Welcome! Get your daily credits to start generating.',
    });
    // An expected answer, not a failure: Lighthouse counts console errors against the page.
    expect(console.error).not.toHaveBeenCalledWith('[api] Request failed', expect.anything());
  });

  it('other failures: 0 credits, cannot request, the catalogue message', async () => {
    serveCredits(() => errorResponse(403, 'UNAUTHORIZED'));
    renderWithCredits(<Probe />);
    await waitFor(() => expect(state().error).not.toBeNull());
    expect(state()).toMatchObject({
      balance: 0,
      canRequestCredits: false,
      isNewUser: false,
      error: 'Your session has expired. Please sign in again.',
    });
  });

  it('a failed refresh drops a loaded balance to 0 (spec: failures default to 0)', async () => {
    const calls = serveCredits((call) =>
      call === 1 ? creditState({ balance: 7 }) : errorResponse(400, 'INTERNAL_ERROR'),
    );
    const { user } = renderWithCredits(<Probe />);
    await waitFor(() => expect(state().balance).toBe(7));
    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() =>
      expect(state().error).toBe('Something went wrong. Please try again later.'),
    );
    expect(state().balance).toBe(0);
    expect(calls).toHaveLength(2);
  });
});

describe('credits context re-renders', () => {
  it('during a cooldown its consumers do not re-render while the countdown ticks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = new Date('2026-03-01T12:00:00.000Z');
    vi.setSystemTime(now);
    serveCredits(
      creditState({
        balance: 0,
        can_request_credits: false,
        next_eligible_at: new Date(now.getTime() + 65_000).toISOString(),
      }),
    );
    const countRender = vi.fn();
    function Consumer() {
      const { balance, nextEligibleAt } = useCredits();
      countRender();
      return <p data-testid="consumer">{`${balance} ${nextEligibleAt?.toISOString()}`}</p>;
    }
    renderWithCredits(
      <>
        <Consumer />
        <HeaderCredits />
      </>,
      { fakeTimers: true },
    );
    await screen.findByTestId('credit-status-message');
    const rendersWhenLoaded = countRender.mock.calls.length;
    expect(screen.getByRole('timer')).toHaveTextContent('1m 5s');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByRole('timer')).toHaveTextContent('1m 0s');
    expect(screen.getByTestId('credit-status-message')).toHaveTextContent(
      'No credits remaining. Next daily credits in 1m 0s',
    );
    expect(countRender).toHaveBeenCalledTimes(rendersWhenLoaded);
  });
});

describe('credit loading circuit breaker', () => {
  it('opens after 3 consecutive failures, skips the API while open, retries after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let healthy = false;
    const calls = serveCredits(() =>
      healthy ? creditState({ balance: 4 }) : errorResponse(400, 'INTERNAL_ERROR'),
    );
    const { user } = renderWithCredits(<Probe />, { fakeTimers: true });
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() =>
      expect(state().error).toBe('Something went wrong. Please try again later.'),
    );

    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    await waitFor(() =>
      expect(state().error).toBe(
        'Credit loading temporarily unavailable. Defaulting to 0 credits.',
      ),
    );
    expect(state().balance).toBe(0);

    // Open: refreshes do not reach the API.
    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(3);
    expect(state().error).toBe('Credit loading temporarily unavailable. Defaulting to 0 credits.');

    healthy = true;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    await waitFor(() => expect(state().balance).toBe(4));
    expect(calls).toHaveLength(4);
    expect(state().error).toBeNull();
  });
});
