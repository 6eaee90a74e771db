import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@nocturne/contract/constants';
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

/** The gallery: pages of 20; spec §9 another page only while the last one came back full. */
export function favoritesInfiniteQueryOptions(query: FavoritesListQuery) {
  return infiniteQueryOptions({
    queryKey: [...favoritesListQueryKey, query] as const,
    queryFn: ({ pageParam, signal }) =>
      getFavorites({ ...query, limit: PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.favorites.length === PAGE_SIZE ? lastOffset + PAGE_SIZE : undefined,
  });
}

export function useFavorites(query: FavoritesListQuery) {
  // A new search keeps the current images on screen until its answer arrives (no skeleton flash).
  return useInfiniteQuery({
    ...favoritesInfiniteQueryOptions(query),
    placeholderData: keepPreviousData,
  });
}
