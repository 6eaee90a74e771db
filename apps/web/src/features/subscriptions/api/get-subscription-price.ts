import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  subscriptionPriceResponseSchema,
  type SubscriptionPriceResponse,
} from '@nocturne/contract/subscriptions/get-subscription-price';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/subscriptions/price`: monthly (`nowpayments`) and lifetime USD, support address. */
export async function getSubscriptionPrice(
  options: { signal?: AbortSignal } = {},
): Promise<SubscriptionPriceResponse> {
  return request({
    path: '/subscriptions/price',
    signal: options.signal,
    schema: subscriptionPriceResponseSchema,
  });
}

export const subscriptionPriceQueryOptions = queryOptions({
  queryKey: ['subscriptions', 'price'],
  queryFn: ({ signal }) => getSubscriptionPrice({ signal }),
  staleTime: 5 * 60_000,
});

export function useSubscriptionPrice() {
  return useQuery(subscriptionPriceQueryOptions);
}
