import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  creditState,
  renderWithCredits,
  serveCredits,
  probeState as state,
  setupCreditsProviderTests,
} from '../../../../test/features/credits/render-with-credits';
import { HeaderCredits } from './header-credits';
import { Probe } from '../../../../test/features/credits/credit-probe';

setupCreditsProviderTests();

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
