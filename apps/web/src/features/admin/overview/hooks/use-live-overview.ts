import type { AdminOverview } from '@nocturne/contract/admin/overview';
import { channels } from '@nocturne/contract/realtime/channels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeClient } from '../../../../lib/realtime-context';
import { overviewQueryOptions } from '../api/get-overview';

/** While the channel is down, the overview is read again this often instead. */
export const OVERVIEW_POLL_MS = 15_000;

/**
 * The overview, live: the admin:overview channel's join snapshot and pushes replace the cached
 * answer; while the channel is not joined the page polls GET /admin/overview.
 */
export function useLiveOverview() {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const query = useQuery({
    ...overviewQueryOptions,
    refetchInterval: live ? false : OVERVIEW_POLL_MS,
  });

  useEffect(() => {
    const apply = (overview: AdminOverview) =>
      queryClient.setQueryData(overviewQueryOptions.queryKey, overview);
    return client.subscribe(
      channels.admin('overview'),
      (message) => {
        if (message.event === 'overview_updated') apply(message.payload);
      },
      (status, _reason, snapshot) => {
        setLive(status === 'SUBSCRIBED');
        if (snapshot) apply(snapshot);
      },
    );
  }, [client, queryClient]);

  return { ...query, live };
}
