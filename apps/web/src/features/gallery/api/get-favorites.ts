import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { FAVORITES_FULL_FETCH_PAGE_SIZE, PAGE_SIZE } from '@nocturne/contract/constants';
import {
  findFavoritesResponseSchema,
  type FindFavoritesQuery,
  type FindFavoritesResponse,
} from '@nocturne/contract/favorites/find-favorites';
import { request } from '../../../lib/api-client';
import { favoritesQueryKey } from '../../../lib/query-keys';

/** `GET /api/v1/favorites?limit&offset&orderBy&orderDirection&q&since&until` */
export async function getFavorites(
  query: Partial<FindFavoritesQuery>,
  signal?: AbortSignal,
): Promise<FindFavoritesResponse> {
  return request({ path: '/favorites', query, signal, schema: findFavoritesResponseSchema });
}

export type FavoritesListQuery = Omit<FindFavoritesQuery, 'limit' | 'offset'>;

export const favoritesListQueryKey = [...favoritesQueryKey, 'list'] as const;

/**
 * A search or time filter shows every match (spec §9's full fetch, pages of 50, read one after
 * another by the gallery); the whole gallery pages by 20 behind Load More.
 */
export function isFullFetch(query: FavoritesListQuery): boolean {
  return Boolean(query.q || query.since || query.until);
}

/** The gallery's pages; spec §9 another page only while the last one came back full. */
export function favoritesInfiniteQueryOptions(query: FavoritesListQuery) {
  const pageSize = isFullFetch(query) ? FAVORITES_FULL_FETCH_PAGE_SIZE : PAGE_SIZE;
  return infiniteQueryOptions({
    queryKey: [...favoritesListQueryKey, query] as const,
    queryFn: ({ pageParam, signal }) =>
      getFavorites({ ...query, limit: pageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.favorites.length === pageSize ? lastOffset + pageSize : undefined,
  });
}

export function useFavorites(query: FavoritesListQuery) {
  // A new search keeps the current images on screen until its answer arrives (no skeleton flash).
  return useInfiniteQuery({
    ...favoritesInfiniteQueryOptions(query),
    placeholderData: keepPreviousData,
  });
}
