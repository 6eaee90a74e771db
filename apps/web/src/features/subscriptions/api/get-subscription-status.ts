import { queryOptions, useQuery } from '@tanstack/react-query';
import { PENDING_POLL_INTERVAL_MS } from '@nocturne/contract/constants';
import {
  subscriptionStatusResponseSchema,
  type SubscriptionStatusResponse,
} from '@nocturne/contract/subscriptions/get-subscription-status';
import { isApiError, request } from '../../../lib/api-client';

export const subscriptionStatusQueryKey = ['subscriptions', 'status'] as const;

/** `GET /api/v1/subscriptions/status`. Spec §8: a 404 means no subscription, not an error. */
export async function getSubscriptionStatus(
  options: { signal?: AbortSignal } = {},
): Promise<SubscriptionStatusResponse> {
  try {
    return await request({
      path: '/subscriptions/status',
      signal: options.signal,
      schema: subscriptionStatusResponseSchema,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { has_subscription: false };
    throw error;
  }
}

/** Spec §4: polls every 10 s while pending; any other status or an error stops the polling. */
export function pendingPollInterval(
  data: SubscriptionStatusResponse | undefined,
  failed: boolean,
): number | false {
  if (failed || !data?.has_subscription || data.status !== 'pending') return false;
  return PENDING_POLL_INTERVAL_MS;
}

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: subscriptionStatusQueryKey,
  queryFn: ({ signal }) => getSubscriptionStatus({ signal }),
  refetchInterval: (query) => pendingPollInterval(query.state.data, query.state.status === 'error'),
});

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions);
}
