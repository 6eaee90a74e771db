import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@nocturne/contract/api-keys/api-key';
import { findApiKeysResponseSchema } from '@nocturne/contract/api-keys/find-api-keys';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/api-keys`: the person's keys, newest first, never the keys themselves. */
export async function getApiKeys(options: { signal?: AbortSignal } = {}): Promise<ApiKey[]> {
  const answer = await request({
    path: '/api-keys',
    signal: options.signal,
    schema: findApiKeysResponseSchema,
  });
  return answer.api_keys;
}

export const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => getApiKeys({ signal }),
});

export function useApiKeysQuery() {
  return useQuery(apiKeysQueryOptions);
}
