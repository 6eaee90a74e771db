import { adminOverviewSchema, type AdminOverview } from '@nocturne/contract/admin/overview';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../../lib/api-client';

/** `GET /api/v1/admin/overview`: the service now; the admin:overview channel keeps it fresh. */
export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return request({ path: '/admin/overview', signal, schema: adminOverviewSchema });
}

export const overviewQueryOptions = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: ({ signal }) => getOverview(signal),
});
