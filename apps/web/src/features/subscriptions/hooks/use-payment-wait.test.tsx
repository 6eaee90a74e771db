import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaymentWait } from './use-payment-wait';

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('usePaymentWait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(refresh: () => Promise<boolean>) {
    const effects = { refresh: vi.fn(refresh), reload: vi.fn() };
    const hook = renderHook(() => usePaymentWait(effects));
    return { ...hook, effects };
  }

  it('waits 20 s, refreshes at 2, 4 and 8 s, then reloads', async () => {
    const { result, effects } = setup(async () => false);
    act(() => result.current.paymentOpened());
    await advance(19_999);
    expect(effects.refresh).not.toHaveBeenCalled();
    await advance(1);
    await advance(2_000);
    expect(effects.refresh).toHaveBeenCalledTimes(1);
    await advance(3_999);
    expect(effects.refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(effects.refresh).toHaveBeenCalledTimes(2);
    await advance(8_000);
    expect(effects.refresh).toHaveBeenCalledTimes(3);
    await advance(0);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    expect(result.current.state).toEqual({ status: 'reloading' });
  });

  it('reloads when every refresh fails', async () => {
    const { result, effects } = setup(async () => {
      throw new Error('down');
    });
    act(() => result.current.paymentOpened());
    for (const ms of [20_000, 2_000, 4_000, 8_000, 0]) await advance(ms);
    expect(effects.refresh).toHaveBeenCalledTimes(3);
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });

  it('stops once a refresh finds the payment settled', async () => {
    const { result, effects } = setup(async () => true);
    act(() => result.current.paymentOpened());
    await advance(20_000);
    await advance(2_000);
    expect(result.current.state).toEqual({ status: 'settled' });
    await advance(60_000);
    expect(effects.refresh).toHaveBeenCalledTimes(1);
    expect(effects.reload).not.toHaveBeenCalled();
  });

  it('a realtime update within 20 s ends the wait without refreshes', async () => {
    const { result, effects } = setup(async () => false);
    act(() => result.current.paymentOpened());
    await advance(5_000);
    act(() => result.current.realtimeUpdate());
    await advance(60_000);
    expect(effects.refresh).not.toHaveBeenCalled();
    expect(effects.reload).not.toHaveBeenCalled();
  });
});
