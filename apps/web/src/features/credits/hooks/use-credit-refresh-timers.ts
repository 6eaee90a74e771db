import { useEffect } from 'react';
import { CreditBreakerOpenError } from '../api/get-credits';
import type { CircuitBreaker } from '../utils/circuit-breaker';

/** Reads shortly after the end of a cooldown, when the server's can_request_credits flips. */
const AFTER_COOLDOWN_MS = 250;

/**
 * The reads the credit state calls for by itself: a trial once an open breaker's 30 s have
 * passed, and a read when the daily cooldown ends.
 */
export function useCreditRefreshTimers({
  error,
  errorUpdatedAt,
  breaker,
  nextEligibleAt,
  refresh,
}: {
  error: Error | null;
  errorUpdatedAt: number;
  breaker: CircuitBreaker;
  nextEligibleAt: Date | null;
  refresh: () => Promise<void>;
}) {
  const breakerOpenedAt = error instanceof CreditBreakerOpenError ? errorUpdatedAt : 0;
  useEffect(() => {
    if (!breakerOpenedAt) return;
    const timer = setTimeout(() => void refresh(), breaker.msUntilReset());
    return () => clearTimeout(timer);
  }, [breakerOpenedAt, breaker, refresh]);

  useEffect(() => {
    if (!nextEligibleAt) return;
    const remaining = nextEligibleAt.getTime() - Date.now();
    if (remaining <= 0) return;
    const timer = setTimeout(() => void refresh(), remaining + AFTER_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [nextEligibleAt, refresh]);
}
