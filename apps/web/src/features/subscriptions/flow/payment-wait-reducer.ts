import {
  PAYMENT_REFRESH_BASE_DELAY_MS,
  PAYMENT_REFRESH_RETRIES,
} from '@nocturne/contract/constants';

/**
 * Spec §4, after the payment page opens: wait up to 20 s for a realtime update; then refresh
 * credits and status up to 3 times (2 s, 4 s, 8 s apart) until the payment is settled; then a
 * full reload. A realtime update at any point settles the wait (its refresh already ran).
 */
export type PaymentWaitState =
  | { status: 'idle' }
  | { status: 'awaiting-realtime' }
  | { status: 'backing-off'; attempt: number }
  | { status: 'refreshing'; attempt: number }
  | { status: 'settled' }
  | { status: 'reloading' };

export type PaymentWaitAction =
  | { type: 'payment-opened' }
  | { type: 'realtime-update' }
  | { type: 'wait-elapsed' }
  | { type: 'backoff-elapsed' }
  /** `settled`: the status is no longer pending (premium active, payment failed, …). */
  | { type: 'refresh-done'; settled: boolean }
  | { type: 'refresh-failed' };

export const initialPaymentWaitState: PaymentWaitState = { status: 'idle' };

/** Delay before refresh attempt `attempt` (1-based): 2 s, 4 s, 8 s. */
export function refreshDelayMs(attempt: number): number {
  return PAYMENT_REFRESH_BASE_DELAY_MS * 2 ** (attempt - 1);
}

function nextAttempt(attempt: number): PaymentWaitState {
  return attempt >= PAYMENT_REFRESH_RETRIES
    ? { status: 'reloading' }
    : { status: 'backing-off', attempt: attempt + 1 };
}

export function paymentWaitReducer(
  state: PaymentWaitState,
  action: PaymentWaitAction,
): PaymentWaitState {
  switch (action.type) {
    case 'payment-opened':
      // Opening the page again (a second tab, a retry) restarts the wait; a reload stays.
      return state.status === 'reloading' ? state : { status: 'awaiting-realtime' };
    case 'realtime-update':
      return state.status === 'idle' || state.status === 'reloading'
        ? state
        : { status: 'settled' };
    case 'wait-elapsed':
      return state.status === 'awaiting-realtime' ? { status: 'backing-off', attempt: 1 } : state;
    case 'backoff-elapsed':
      return state.status === 'backing-off'
        ? { status: 'refreshing', attempt: state.attempt }
        : state;
    case 'refresh-done':
      if (state.status !== 'refreshing') return state;
      return action.settled ? { status: 'settled' } : nextAttempt(state.attempt);
    case 'refresh-failed':
      return state.status === 'refreshing' ? nextAttempt(state.attempt) : state;
  }
}
