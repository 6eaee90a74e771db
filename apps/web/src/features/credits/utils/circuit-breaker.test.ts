import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from './circuit-breaker';

describe('credit loading circuit breaker', () => {
  it('opens after 3 consecutive failures and lets a trial through after 30 s', () => {
    let now = 0;
    const breaker = createCircuitBreaker({ now: () => now });
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(true);
    expect(breaker.msUntilReset()).toBe(30_000);
    now = 29_999;
    expect(breaker.isOpen()).toBe(true);
    now = 30_000;
    expect(breaker.isOpen()).toBe(false);
    // A failed trial re-opens it at once.
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(true);
    now = 60_000;
    breaker.recordSuccess();
    expect(breaker.isOpen()).toBe(false);
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
  });

  it('a success in between resets the consecutive count', () => {
    const breaker = createCircuitBreaker({ now: () => 0 });
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
  });
});
