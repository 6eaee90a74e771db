import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteFavoriteResponseSchema } from '@nocturne/contract/favorites/save-favorite';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { request } from '../../../lib/api-client';
import { favoritesQueryKey } from '../../../lib/query-keys';
import {
  withFavoriteReinserted,
  withoutFavorite,
  type FavoritePages,
} from '../utils/favorite-pages';
import { favoritesListQueryKey, type FavoritesListQuery } from './get-favorites';

/**
 * `DELETE /api/v1/generations/{id}/favorite`, by generation id; a favorite whose generation was
 * deleted is named by its own id (the server accepts both).
 */
export async function removeFavorite(favorite: Pick<Favorite, 'id' | 'generation_id'>) {
  await request({
    method: 'DELETE',
    path: `/generations/${encodeURIComponent(favorite.generation_id ?? favorite.id)}/favorite`,
    schema: deleteFavoriteResponseSchema,
  });
}

/**
 * Spec §4: removal is optimistic. The image leaves every cached gallery view at once; when the
 * server refuses, it goes back in order and the mutation's error is what the gallery shows.
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: Favorite) => removeFavorite(favorite),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: favoritesListQueryKey });
      queryClient.setQueriesData<FavoritePages>({ queryKey: favoritesListQueryKey }, (data) =>
        data ? withoutFavorite(data, favorite.id) : data,
      );
    },
    onError: (_error, favorite) => {
      for (const [key, data] of queryClient.getQueriesData<FavoritePages>({
        queryKey: favoritesListQueryKey,
      })) {
        if (!data) continue;
        const query = key[2] as FavoritesListQuery;
        queryClient.setQueryData(key, withFavoriteReinserted(data, favorite, query));
      }
    },
    onSettled: (_data, error) =>
      // After a failure the reinserted list stands as it is; the server is asked again next time.
      error ? undefined : queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
  });
}
