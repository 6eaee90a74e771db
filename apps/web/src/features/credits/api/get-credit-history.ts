import { useCallback } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { CREDIT_STATS_HISTORY_LIMIT, PAGE_SIZE } from '@nocturne/contract/constants';
import {
  CREDIT_HISTORY_MAX_LIMIT,
  getCreditHistoryResponseSchema,
  type CreditHistoryEntry,
  type GetCreditHistoryQuery,
  type GetCreditHistoryResponse,
} from '@nocturne/contract/credits/get-credit-history';
import { deriveCreditStats, type CreditStats } from '@nocturne/contract/credits/credit-stats';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/credits/history?limit&offset&orderBy&orderDirection` */
export async function getCreditHistory(
  query: Partial<GetCreditHistoryQuery> = {},
  signal?: AbortSignal,
): Promise<GetCreditHistoryResponse> {
  return request({
    path: '/credits/history',
    query,
    signal,
    schema: getCreditHistoryResponseSchema,
  });
}

export const creditHistoryQueryKey = ['credits', 'history'] as const;

/** The transaction list: pages of 20, newest first; another page while the last one was full. */
export const creditHistoryInfiniteQueryOptions = infiniteQueryOptions({
  queryKey: [...creditHistoryQueryKey, 'list'],
  queryFn: ({ pageParam, signal }) =>
    getCreditHistory(
      { limit: PAGE_SIZE, offset: pageParam, orderBy: 'created_at', orderDirection: 'desc' },
      signal,
    ),
  initialPageParam: 0,
  getNextPageParam: (lastPage, _pages, lastOffset) => {
    const nextOffset = lastOffset + lastPage.history.length;
    return lastPage.history.length === PAGE_SIZE && nextOffset < lastPage.total
      ? nextOffset
      : undefined;
  },
});

export function useCreditHistory() {
  return useInfiniteQuery(creditHistoryInfiniteQueryOptions);
}

/**
 * Spec §7: stats read up to 1000 entries. The contract caps one page at CREDIT_HISTORY_MAX_LIMIT
 * (100), so the 1000 are read in pages of 100 and the reading stops at the last entry.
 */
export async function getCreditStatsHistory(signal?: AbortSignal): Promise<CreditHistoryEntry[]> {
  const entries: CreditHistoryEntry[] = [];
  while (entries.length < CREDIT_STATS_HISTORY_LIMIT) {
    const limit = Math.min(CREDIT_HISTORY_MAX_LIMIT, CREDIT_STATS_HISTORY_LIMIT - entries.length);
    const page = await getCreditHistory(
      { limit, offset: entries.length, orderBy: 'created_at', orderDirection: 'desc' },
      signal,
    );
    entries.push(...page.history);
    if (page.history.length < limit || entries.length >= page.total) break;
  }
  return entries;
}

const ZERO_STATS: CreditStats = deriveCreditStats([]);

export const creditStatsQueryOptions = queryOptions({
  queryKey: [...creditHistoryQueryKey, 'stats'],
  queryFn: ({ signal }) => getCreditStatsHistory(signal),
});

/**
 * Spec §8: a failed stats load shows zeroed stats rather than an error. `joinedAt` (the account's
 * creation) shortens the average's window for a person who joined less than 30 days ago.
 */
export function useCreditStats(joinedAt?: Date) {
  const joinedMs = joinedAt?.getTime();
  const select = useCallback(
    (history: CreditHistoryEntry[]) =>
      deriveCreditStats(
        history,
        new Date(),
        joinedMs === undefined ? undefined : new Date(joinedMs),
      ),
    [joinedMs],
  );
  const query = useQuery({ ...creditStatsQueryOptions, select });
  return { stats: query.data ?? ZERO_STATS, isLoading: query.isPending };
}
