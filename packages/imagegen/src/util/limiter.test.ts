import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

describe('concurrency limiter', () => {
  it('never runs more than the bound at once and lets a waiting task be cancelled', async () => {
    const limiter = createLimiter(2);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
    };
    const signal = new AbortController().signal;
    const cancelled = new AbortController();
    const waiting = Promise.all([limiter.run(task, signal), limiter.run(task, signal)]);
    const victim = limiter.run(task, cancelled.signal);
    expect(limiter.waiting).toBe(1);
    cancelled.abort();
    await expect(victim).rejects.toMatchObject({ kind: 'cancelled' });
    await waiting;
    await Promise.all([1, 2, 3, 4].map(() => limiter.run(task, signal)));
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });
});
