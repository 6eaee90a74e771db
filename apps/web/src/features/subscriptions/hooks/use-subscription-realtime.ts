import { useEffect, useRef } from 'react';
import { BROADCAST_RECONNECT_MAX } from '@nocturne/contract/constants';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeClient } from '../../../lib/realtime';

/** Spec §4/§9: back-off before reconnect `attempt` (1-based) is 2^attempt seconds: 2, 4, 8 s. */
export function subscriptionReconnectDelayMs(attempt: number): number {
  return 2 ** attempt * 1_000;
}

/**
 * Spec §4: subscription.activated/cancelled/expired on subscription:{userId} each trigger an
 * immediate refresh; a channel error is retried at most 3 times. A successful rejoin refreshes
 * too, since events may have been missed while the channel was down.
 */
export function useSubscriptionRealtime(
  userId: string | null | undefined,
  client: RealtimeClient,
  onEvent: () => void,
) {
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!userId) return;
    let attempt = 0;
    let disposed = false;
    let unsubscribe: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function subscribe() {
      if (disposed) return;
      unsubscribe = client.subscribe(
        channels.subscription(userId as string),
        () => onEventRef.current(),
        (status) => {
          if (disposed) return;
          if (status === 'SUBSCRIBED') {
            if (attempt > 0) onEventRef.current();
            attempt = 0;
          } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
            const stop = unsubscribe;
            unsubscribe = null;
            stop?.();
            if (attempt >= BROADCAST_RECONNECT_MAX) return;
            attempt += 1;
            timer = setTimeout(subscribe, subscriptionReconnectDelayMs(attempt));
          }
        },
      );
    }

    subscribe();
    return () => {
      disposed = true;
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [userId, client]);
}
