import type { AdminOverview } from '@nocturne/contract/admin/overview';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOverviewLive } from './overview-live';

const overview = { generated_at: '2026-11-26T00:00:00.000Z' } as AdminOverview;

describe('createOverviewLive', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(listeners: { count: number }) {
    vi.useFakeTimers();
    const read = vi.fn(async () => overview);
    const publish = vi.fn();
    const live = createOverviewLive({
      intervalMs: 1000,
      listeners: () => listeners.count,
      read,
      publish,
      onError: () => undefined,
    });
    return { live, read, publish };
  }

  it('reads once per tick however many listen, and one timer however often it starts', async () => {
    const { live, read, publish } = setUp({ count: 3 });
    live.start();
    live.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(read).toHaveBeenCalledTimes(3);
    expect(publish).toHaveBeenCalledTimes(3);
    live.stop();
  });

  it('stops at the first tick without a listener and starts again on the next join', async () => {
    const listeners = { count: 1 };
    const { live, read } = setUp(listeners);
    live.start();
    await vi.advanceTimersByTimeAsync(1000);
    listeners.count = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(live.running()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(read).toHaveBeenCalledTimes(1);
    listeners.count = 1;
    live.start();
    expect(live.running()).toBe(true);
    live.stop();
  });
});
