import { useCallback, useEffect, useReducer, useRef } from 'react';
import { PAYMENT_REALTIME_WAIT_MS } from '@nocturne/contract/constants';
import {
  initialPaymentWaitState,
  paymentWaitReducer,
  refreshDelayMs,
} from '../flow/payment-wait-reducer';

export interface PaymentWaitEffects {
  /** Re-reads credits and status; resolves true once the payment is no longer pending. */
  refresh: () => Promise<boolean>;
  reload: () => void;
}

/** The timers and calls of the post-payment wait; the decisions are the reducer's. */
export function usePaymentWait(effects: PaymentWaitEffects) {
  const [state, dispatch] = useReducer(paymentWaitReducer, initialPaymentWaitState);
  const effectsRef = useRef(effects);
  useEffect(() => {
    effectsRef.current = effects;
  }, [effects]);

  useEffect(() => {
    if (state.status === 'awaiting-realtime') {
      const timer = setTimeout(() => dispatch({ type: 'wait-elapsed' }), PAYMENT_REALTIME_WAIT_MS);
      return () => clearTimeout(timer);
    }
    if (state.status === 'backing-off') {
      const delay = refreshDelayMs(state.attempt);
      const timer = setTimeout(() => dispatch({ type: 'backoff-elapsed' }), delay);
      return () => clearTimeout(timer);
    }
    if (state.status === 'refreshing') {
      let current = true;
      effectsRef.current.refresh().then(
        (settled) => current && dispatch({ type: 'refresh-done', settled }),
        () => current && dispatch({ type: 'refresh-failed' }),
      );
      return () => {
        current = false;
      };
    }
    if (state.status === 'reloading') effectsRef.current.reload();
  }, [state]);

  const paymentOpened = useCallback(() => dispatch({ type: 'payment-opened' }), []);
  const realtimeUpdate = useCallback(() => dispatch({ type: 'realtime-update' }), []);
  return { state, paymentOpened, realtimeUpdate };
}
