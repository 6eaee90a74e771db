import { useEffect, useRef } from 'react';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeClient } from '../../../lib/realtime';

/**
 * The spec leaves the credits channel's reconnect limit open; we stop after 5 attempts
 * (2, 4, 8, 16, 32 s: about a minute) like a bounded version of the subscription channel's rule.
 * Credits still refresh on page loads and after requests when the channel is gone.
 */
export const CREDIT_REALTIME_MAX_RECONNECTS = 5;

export function creditReconnectDelayMs(attempt: number): number {
  return 2 ** attempt * 1_000;
}

/**
 * Spec §4: every event on credits:{userId} triggers a refresh; on CHANNEL_ERROR or TIMED_OUT the
 * channel is joined again after 2^n seconds. A successful rejoin also refreshes, since events may
 * have been missed while the channel was down.
 */
export function useCreditsRealtime(
  userId: string | null | undefined,
  client: RealtimeClient,
  onRefresh: () => void,
) {
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    if (!userId) return;
    let attempt = 0;
    let disposed = false;
    let unsubscribe: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function subscribe() {
      if (disposed) return;
      unsubscribe = client.subscribe(
        channels.credits(userId as string),
        // The client delivers only the map's credits events, and each of them means "re-read".
        () => refreshRef.current(),
        (status) => {
          if (disposed) return;
          if (status === 'SUBSCRIBED') {
            if (attempt > 0) refreshRef.current();
            attempt = 0;
          } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
            const stop = unsubscribe;
            unsubscribe = null;
            stop?.();
            if (attempt >= CREDIT_REALTIME_MAX_RECONNECTS) return;
            attempt += 1;
            timer = setTimeout(subscribe, creditReconnectDelayMs(attempt));
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
