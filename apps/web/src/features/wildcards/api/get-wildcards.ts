import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  findWildcardsResponseSchema,
  type FindWildcardsResponse,
} from '@nocturne/contract/wildcards/person-wildcards';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/wildcards`: the person's lists and the operator's shared ones, by name. */
export async function getWildcards(
  options: { signal?: AbortSignal } = {},
): Promise<FindWildcardsResponse> {
  return request({
    path: '/wildcards',
    signal: options.signal,
    schema: findWildcardsResponseSchema,
  });
}

/** The generation modal reads the same key with the same answer (its distinct-prompt count). */
export const wildcardsQueryKey = ['wildcards'] as const;

export const wildcardsQueryOptions = queryOptions({
  queryKey: wildcardsQueryKey,
  queryFn: ({ signal }) => getWildcards({ signal }),
});

export function useWildcardsQuery() {
  return useQuery(wildcardsQueryOptions);
}
