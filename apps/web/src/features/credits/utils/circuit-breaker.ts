import {
  CREDIT_BREAKER_FAILURE_THRESHOLD,
  CREDIT_BREAKER_RESET_MS,
} from '@nocturne/contract/constants';

export interface CircuitBreaker {
  /** True while calls must not be attempted. */
  isOpen(): boolean;
  recordSuccess(): void;
  recordFailure(): void;
  /** Milliseconds until an open breaker lets one attempt through again; 0 when closed. */
  msUntilReset(): number;
}

export interface CircuitBreakerOptions {
  failureThreshold?: number;
  resetMs?: number;
  now?: () => number;
}

/**
 * Spec §9 credit-loading breaker: opens after 3 consecutive failures and lets a trial call through
 * 30 s later. A failed trial opens it again for another 30 s; a success closes it.
 */
export function createCircuitBreaker({
  failureThreshold = CREDIT_BREAKER_FAILURE_THRESHOLD,
  resetMs = CREDIT_BREAKER_RESET_MS,
  now = Date.now,
}: CircuitBreakerOptions = {}): CircuitBreaker {
  let failures = 0;
  let openedAt: number | null = null;

  function msUntilReset(): number {
    if (openedAt === null) return 0;
    return Math.max(0, openedAt + resetMs - now());
  }

  return {
    isOpen: () => openedAt !== null && msUntilReset() > 0,
    msUntilReset,
    recordSuccess() {
      failures = 0;
      openedAt = null;
    },
    recordFailure() {
      failures += 1;
      if (failures >= failureThreshold) openedAt = now();
    },
  };
}
