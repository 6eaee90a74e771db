import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@nocturne/contract/constants';
import type { FindGenerationsQuery } from '@nocturne/contract/generations/generation';
import { request } from '../../../lib/api-client';
import { historyEntries } from '../utils/history-entries';
import { generationListSchema, type GenerationList } from './generation-list-schema';

/** `GET /api/v1/generations?limit&offset&status&orderBy&orderDirection` */
export async function getGenerations(
  query: Partial<FindGenerationsQuery> = {},
  signal?: AbortSignal,
): Promise<GenerationList> {
  return request({ path: '/generations', query, signal, schema: generationListSchema });
}

/** Every generations query starts with this key: invalidate it after a change. */
export const generationsQueryKey = ['generations'] as const;
export const generationsListQueryKey = [...generationsQueryKey, 'list'] as const;

/** The history list: pages of 20 entries, newest first; another page while the last one was full. */
export const generationsInfiniteQueryOptions = infiniteQueryOptions({
  queryKey: generationsListQueryKey,
  queryFn: ({ pageParam, signal }) =>
    getGenerations(
      { limit: PAGE_SIZE, offset: pageParam, orderBy: 'created_at', orderDirection: 'desc' },
      signal,
    ),
  initialPageParam: 0,
  // Offsets count entries (submits), as the server pages them.
  getNextPageParam: (lastPage, _pages, lastOffset) => {
    const entries = historyEntries(lastPage.generations).length;
    const nextOffset = lastOffset + entries;
    return entries === PAGE_SIZE && nextOffset < lastPage.total ? nextOffset : undefined;
  },
});

export function useGenerations() {
  return useInfiniteQuery(generationsInfiniteQueryOptions);
}
