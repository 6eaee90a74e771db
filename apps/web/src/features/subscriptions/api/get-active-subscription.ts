import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  getActiveSubscriptionResponseSchema,
  type GetActiveSubscriptionResponse,
} from '@nocturne/contract/subscriptions/get-active-subscription';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/subscriptions/active`: did a premium period lapse since the last visit? */
export async function getActiveSubscription(): Promise<GetActiveSubscriptionResponse> {
  return request({ path: '/subscriptions/active', schema: getActiveSubscriptionResponseSchema });
}

export const activeSubscriptionQueryOptions = queryOptions({
  queryKey: ['subscriptions', 'active-check'],
  queryFn: getActiveSubscription,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useActiveSubscriptionCheck() {
  return useQuery(activeSubscriptionQueryOptions);
}
