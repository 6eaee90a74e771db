import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter';

describe('createAttemptLimiter', () => {
  it('allows max attempts per window and refuses the next', () => {
    const limiter = createAttemptLimiter({ max: 2, windowMs: 1000 });
    expect(limiter.tryAttempt('a', 0)).toBe(true);
    expect(limiter.tryAttempt('a', 10)).toBe(true);
    expect(limiter.tryAttempt('a', 20)).toBe(false);
    expect(limiter.tryAttempt('b', 20)).toBe(true);
  });

  it('starts a fresh window once the old one expired', () => {
    const limiter = createAttemptLimiter({ max: 1, windowMs: 1000 });
    expect(limiter.tryAttempt('a', 0)).toBe(true);
    expect(limiter.tryAttempt('a', 500)).toBe(false);
    expect(limiter.tryAttempt('a', 1000)).toBe(true);
  });
});
