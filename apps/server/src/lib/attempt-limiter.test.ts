import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter';
import { createMemoryWindowCounter } from './window-counter';

function limiterAt(clock: { now: number }, max: number) {
  const counter = createMemoryWindowCounter({ now: () => clock.now });
  return createAttemptLimiter({ name: 'test', max, windowMs: 1000, counter });
}

describe('createAttemptLimiter', () => {
  it('allows max attempts per window and refuses the next', async () => {
    const clock = { now: 0 };
    const limiter = limiterAt(clock, 2);
    expect(await limiter.tryAttempt('a')).toBe(true);
    clock.now = 10;
    expect(await limiter.tryAttempt('a')).toBe(true);
    clock.now = 20;
    expect(await limiter.tryAttempt('a')).toBe(false);
    expect(await limiter.tryAttempt('b')).toBe(true);
  });

  it('starts a fresh window once the old one expired', async () => {
    const clock = { now: 0 };
    const limiter = limiterAt(clock, 1);
    expect(await limiter.tryAttempt('a')).toBe(true);
    clock.now = 500;
    expect(await limiter.tryAttempt('a')).toBe(false);
    clock.now = 1000;
    expect(await limiter.tryAttempt('a')).toBe(true);
  });

  it('keeps the keys of limiters sharing one counter apart', async () => {
    const counter = createMemoryWindowCounter();
    const first = createAttemptLimiter({ name: 'first', max: 1, windowMs: 1000, counter });
    const second = createAttemptLimiter({ name: 'second', max: 1, windowMs: 1000, counter });
    expect(await first.tryAttempt('a')).toBe(true);
    expect(await second.tryAttempt('a')).toBe(true);
    expect(await first.tryAttempt('a')).toBe(false);
  });
});
