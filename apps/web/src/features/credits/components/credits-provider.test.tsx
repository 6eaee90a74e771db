import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../testing/fixtures';
import { server } from '../../../testing/msw-server';
import { useCredits } from '../hooks/use-credits';
import { useCreditStatusMessage } from '../hooks/use-credit-status-message';
import {
  creditState,
  errorResponse,
  renderWithCredits,
  serveCredits,
} from '../testing/render-with-credits';
import { HeaderCredits } from './header-credits';

/** Renders the state as text and exposes the actions as buttons. */
function Probe() {
  const credits = useCredits();
  const displayMessage = useCreditStatusMessage();
  return (
    <div>
      <output data-testid="state">
        {JSON.stringify({
          balance: credits.balance,
          loading: credits.loading,
          error: credits.error,
          isNewUser: credits.isNewUser,
          isPremium: credits.isPremium,
          is_premium: credits.is_premium,
          premium: credits.premium,
          user_type: credits.user_type,
          canGenerate: credits.canGenerate,
          canRequestCredits: credits.canRequestCredits,
          displayMessage,
        })}
      </output>
      <button type="button" onClick={() => void credits.refresh()}>
        refresh
      </button>
      <button type="button" onClick={() => void credits.requestDailyCredits()}>
        request
      </button>
      <p data-testid="request-error">{credits.requestError}</p>
    </div>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

beforeEach(() => {
  server.use(...signedInHandlers());
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

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

describe('daily credit request', () => {
  it.each([
    [
      409,
      'CREDITS_NOT_EXHAUSTED',
      'You still have credits available. Daily credits can only be requested when your balance is 0.',
    ],
    [429, 'COOLDOWN_ACTIVE', 'Please wait before requesting daily credits again.'],
    [
      403,
      'PREMIUM_USER_NO_DAILY_CREDITS',
      'Premium users have unlimited generations and cannot request daily credits.',
    ],
  ])(
    'a %i %s refusal shows its catalogue message once and re-reads the state',
    async (status, code, text) => {
      const calls = serveCredits(creditState({ balance: 0, can_request_credits: true }));
      const posts: Request[] = [];
      server.use(
        http.post('*/api/v1/credits/request-daily', ({ request }) => {
          posts.push(request);
          const body =
            code === 'COOLDOWN_ACTIVE'
              ? { error: code, message: 'x', next_eligible_at: '2099-01-01T00:00:00.000Z' }
              : { error: code, message: 'x' };
          return HttpResponse.json(body, {
            status,
            headers: code === 'COOLDOWN_ACTIVE' ? { 'Retry-After': '3600' } : {},
          });
        }),
      );
      const { user } = renderWithCredits(<HeaderCredits />);
      await user.click(await screen.findByRole('button', { name: 'Get daily credits' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByText('You received 10 daily credits!')).not.toBeInTheDocument();
      // Sent once: refusals are not retried.
      expect(posts).toHaveLength(1);
      await waitFor(() => expect(calls).toHaveLength(2));
      await user.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it.each([
    [creditState({ balance: 0, is_premium: true }), 'Premium users have unlimited generations'],
    [
      creditState({ balance: 0, can_request_credits: false }),
      'Cannot request credits at this time',
    ],
  ])('refuses locally without calling the API: %#', async (served, text) => {
    serveCredits(served);
    const posts: Request[] = [];
    server.use(
      http.post('*/api/v1/credits/request-daily', ({ request }) => {
        posts.push(request);
        return HttpResponse.json(creditState());
      }),
    );
    const { user } = renderWithCredits(<Probe />);
    await waitFor(() => expect(state().loading).toBe(false));
    await user.click(screen.getByRole('button', { name: 'request' }));
    expect(screen.getByTestId('request-error')).toHaveTextContent(text);
    expect(posts).toHaveLength(0);
  });
});

describe('credits realtime channel', () => {
  it.each(['credit_updated', 'premium_activated', 'premium_expired', 'premium_cancelled'])(
    '%s on credits:{userId} refreshes the credit state',
    async (event) => {
      const calls = serveCredits((call) => creditState({ balance: call === 1 ? 3 : 13 }));
      const { realtime } = renderWithCredits(<Probe />);
      await waitFor(() => expect(state().balance).toBe(3));
      await waitFor(() => expect(realtime.socket().joins()).toHaveLength(1));
      expect(realtime.socket().joins()[0]?.args[0]).toBe('credits:user-1');
      realtime.socket().ackLatestJoin({ status: 'SUBSCRIBED', channel: 'credits:user-1' });

      realtime.socket().send('credits:user-1', 'unrelated_event');
      realtime.socket().send('credits:someone-else', event);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(calls).toHaveLength(1);

      realtime.socket().send('credits:user-1', event, { balance: 13 });
      await waitFor(() => expect(state().balance).toBe(13));
      expect(calls).toHaveLength(2);
    },
  );

  it('a burst of events reads /credits once more after the read in flight, aborting none', async () => {
    const calls = serveCredits((call) => creditState({ balance: call }));
    const { realtime } = renderWithCredits(<Probe />);
    await waitFor(() => expect(state().balance).toBe(1));
    await waitFor(() => expect(realtime.socket().joins()).toHaveLength(1));
    realtime.socket().ackLatestJoin({ status: 'SUBSCRIBED', channel: 'credits:user-1' });

    for (let index = 0; index < 12; index += 1) {
      realtime.socket().send('credits:user-1', 'credit_updated', { balance: index });
    }
    // One read for the first event, one more for the eleven that came while it ran.
    await waitFor(() => expect(state().balance).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(3);
    expect(state().balance).toBe(3);
  });

  it('rejoins after CHANNEL_ERROR / TIMED_OUT with 2^n s back-off and refreshes on success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const calls = serveCredits(creditState({ balance: 3 }));
    const { realtime } = renderWithCredits(<Probe />, { fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const socket = realtime.socket();
    expect(socket.joins()).toHaveLength(1);
    expect(calls).toHaveLength(1);

    socket.ackLatestJoin({ status: 'CHANNEL_ERROR', channel: 'credits:user-1', reason: 'down' });
    await act(() => vi.advanceTimersByTimeAsync(1_990));
    expect(socket.joins()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(socket.joins()).toHaveLength(2);

    socket.ackLatestJoin({ status: 'CHANNEL_ERROR', channel: 'credits:user-1', reason: 'down' });
    await act(() => vi.advanceTimersByTimeAsync(3_990));
    expect(socket.joins()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(socket.joins()).toHaveLength(3);

    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'credits:user-1' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(calls).toHaveLength(2);
  });

  it('gives up after 5 reconnect attempts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    serveCredits(creditState({ balance: 3 }));
    const { realtime } = renderWithCredits(<Probe />, { fakeTimers: true });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const socket = realtime.socket();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      socket.ackLatestJoin({ status: 'CHANNEL_ERROR', channel: 'credits:user-1', reason: 'x' });
      await act(() => vi.advanceTimersByTimeAsync(2 ** attempt * 1_000 + 20));
      expect(socket.joins()).toHaveLength(attempt + 1);
    }
    socket.ackLatestJoin({ status: 'CHANNEL_ERROR', channel: 'credits:user-1', reason: 'x' });
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(socket.joins()).toHaveLength(6);
  });
});
