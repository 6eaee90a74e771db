import { serviceStatusSchema, type ServiceStatus } from '@nocturne/contract/admin/service-settings';
import { channels } from '@nocturne/contract/realtime/channels';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChannelRefresh } from '../hooks/use-channel-refresh';
import { request } from './api-client';
import { realtime, type RealtimeClient } from './realtime';

/** `GET /api/v1/service-status`: the generation switch, its message and the announcement. */
export async function getServiceStatus(
  options: { signal?: AbortSignal } = {},
): Promise<ServiceStatus> {
  return request({ path: '/service-status', signal: options.signal, schema: serviceStatusSchema });
}

export const serviceStatusQueryOptions = queryOptions({
  queryKey: ['service-status'],
  queryFn: ({ signal }) => getServiceStatus({ signal }),
  // Kept current by the service:status channel (useLiveServiceStatus); this bounds a missed event.
  staleTime: 60 * 1000,
});

export function useServiceStatusQuery() {
  return useQuery(serviceStatusQueryOptions);
}

/**
 * Rereads the service status whenever an operator changes it (the service:status channel), so an
 * open page and an open generation modal show the switch and announcement as they are now.
 * Mounted once, in the signed-in layout.
 */
export function useLiveServiceStatus(signedIn: boolean, client: RealtimeClient = realtime) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: serviceStatusQueryOptions.queryKey }),
    [queryClient],
  );
  useChannelRefresh(signedIn ? channels.service() : null, client, refresh, 5);
}
