import { useEffect, useRef } from 'react';
import type { ChannelName } from '@nocturne/contract/realtime/channels';
import type { RealtimeClient } from '../lib/realtime';

/** Spec §4/§9: back-off before rejoin `attempt` (1-based) is 2^attempt seconds: 2, 4, 8 s, … */
export function channelRejoinDelayMs(attempt: number): number {
  return 2 ** attempt * 1_000;
}

/**
 * Spec §4: every event on `channel` (e.g. credits:{userId}, subscription:{userId}) triggers
 * `onRefresh`; on CHANNEL_ERROR or TIMED_OUT the channel is joined again after 2^n seconds, at most
 * `maxRejoins` times. A successful rejoin refreshes too, since events may have been missed while
 * the channel was down. No channel (signed out): nothing is joined.
 */
export function useChannelRefresh(
  channel: ChannelName | null | undefined,
  client: RealtimeClient,
  onRefresh: () => void,
  maxRejoins: number,
) {
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    if (!channel) return;
    let attempt = 0;
    let disposed = false;
    let unsubscribe: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    function subscribe() {
      if (disposed || !channel) return;
      unsubscribe = client.subscribe(
        channel,
        // The client delivers only the channel's own events, and each of them means "re-read".
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
            if (attempt >= maxRejoins) return;
            attempt += 1;
            timer = setTimeout(subscribe, channelRejoinDelayMs(attempt));
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
  }, [channel, client, maxRejoins]);
}
