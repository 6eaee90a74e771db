import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter';

function clock() {
  let now = 0;
  return { now: () => now, at: (ms: number) => (now = ms) };
}

describe('createAttemptLimiter', () => {
  it('allows max attempts per window and refuses the next', async () => {
    const time = clock();
    const limiter = createAttemptLimiter({ max: 2, windowMs: 1000, now: time.now });
    expect(await limiter.tryAttempt('a')).toBe(true);
    time.at(10);
    expect(await limiter.tryAttempt('a')).toBe(true);
    time.at(20);
    expect(await limiter.tryAttempt('a')).toBe(false);
    expect(await limiter.tryAttempt('b')).toBe(true);
  });

  it('starts a fresh window once the old one expired', async () => {
    const time = clock();
    const limiter = createAttemptLimiter({ max: 1, windowMs: 1000, now: time.now });
    expect(await limiter.tryAttempt('a')).toBe(true);
    time.at(500);
    expect(await limiter.tryAttempt('a')).toBe(false);
    time.at(1000);
    expect(await limiter.tryAttempt('a')).toBe(true);
  });
});
