import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import {
  INVOICE_URL,
  renderSubscriptionPage,
  serveStatus,
  statusOf,
} from '../../../../test/features/subscriptions/render-subscription-page';

const pending = statusOf({ status: 'pending', expires_at: null, invoice_url: INVOICE_URL });

describe('/subscription live updates', () => {
  afterEach(() => vi.useRealTimers());

  it('polls every 10 s while pending and stops once active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveStatus((call) => (call < 3 ? pending : statusOf()));
    renderSubscriptionPage({ fakeTimers: true });
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByText('Premium Access Active')).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(3);
  });

  it('stops polling after an error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveStatus((call) =>
      call === 1
        ? pending
        : HttpResponse.json({ error: 'FORBIDDEN', message: 'no' }, { status: 403 }),
    );
    renderSubscriptionPage({ fakeTimers: true });
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['subscription.activated', 'active'],
    ['subscription.cancelled', 'cancelled'],
    ['subscription.expired', 'expired'],
  ] as const)('%s refreshes the status and the credits at once', async (event, status) => {
    const calls = serveStatus((call) => (call === 1 ? pending : statusOf()));
    const { realtime, queryClient } = renderSubscriptionPage();
    expect(await screen.findByText('Payment Pending')).toBeInTheDocument();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(realtime.socket().joins('subscription:user-1')).toHaveLength(1));
    act(() => realtime.socket().ack('SUBSCRIBED', 'subscription:user-1'));
    act(() => realtime.socket().send('subscription:user-1', event, { status }));
    expect(await screen.findByText('Premium Access Active')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['credits', 'state'] });
  });

  it('reconnects the channel at most 3 times, 2, 4 and 8 s apart', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveStatus(statusOf());
    const { realtime } = renderSubscriptionPage({ fakeTimers: true });
    expect(await screen.findByText('Premium Access Active')).toBeInTheDocument();
    const joins = () => realtime.socket().joins('subscription:user-1').length;
    await waitFor(() => expect(joins()).toBe(1));
    for (const [delay, expected] of [
      [2_000, 2],
      [4_000, 3],
      [8_000, 4],
    ] as const) {
      act(() => realtime.socket().ack('CHANNEL_ERROR', 'subscription:user-1'));
      // The fake clock also follows real time (shouldAdvanceTime), so a loaded machine moves it a
      // little on its own: the rejoin is checked absent half a second before its time.
      await act(() => vi.advanceTimersByTimeAsync(delay - 500));
      expect(joins()).toBe(expected - 1);
      await act(() => vi.advanceTimersByTimeAsync(500));
      await waitFor(() => expect(joins()).toBe(expected));
    }
    act(() => realtime.socket().ack('CHANNEL_ERROR', 'subscription:user-1'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(joins()).toBe(4);
  });
});
