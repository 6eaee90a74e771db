import type { InfiniteData } from '@tanstack/react-query';
import type { FindFavoritesResponse } from '@nocturne/contract/favorites/find-favorites';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import type { FavoritesListQuery } from '../api/get-favorites';

export type FavoritePages = InfiniteData<FindFavoritesResponse, number>;

export function withoutFavorite(data: FavoritePages, id: string): FavoritePages {
  let removed = 0;
  const pages = data.pages.map((page) => {
    const favorites = page.favorites.filter((favorite) => favorite.id !== id);
    removed += page.favorites.length - favorites.length;
    return { ...page, favorites };
  });
  if (removed === 0) return data;
  return { ...data, pages: pages.map((page) => ({ ...page, total: page.total - 1 })) };
}

/** Whether `a` comes before `b` in the list `query` asked for. */
function comesBefore(a: Favorite, b: Favorite, query: FavoritesListQuery): boolean {
  const order =
    query.orderBy === 'content_prompt'
      ? a.content_prompt.localeCompare(b.content_prompt)
      : Date.parse(a.created_at) - Date.parse(b.created_at);
  return query.orderDirection === 'asc' ? order < 0 : order > 0;
}

/**
 * Spec §4: a removal that failed puts the image back where its list order (by date, newest first,
 * unless the gallery is sorted by prompt) says it belongs.
 */
export function withFavoriteReinserted(
  data: FavoritePages,
  favorite: Favorite,
  query: FavoritesListQuery,
): FavoritePages {
  if (data.pages.some((page) => page.favorites.some((item) => item.id === favorite.id))) {
    return data;
  }
  let placed = false;
  const pages = data.pages.map((page, index) => {
    if (placed) return { ...page, total: page.total + 1 };
    const at = page.favorites.findIndex((item) => comesBefore(favorite, item, query));
    const isLast = index === data.pages.length - 1;
    if (at === -1 && !isLast) return { ...page, total: page.total + 1 };
    placed = true;
    const favorites = [...page.favorites];
    favorites.splice(at === -1 ? favorites.length : at, 0, favorite);
    return { ...page, favorites, total: page.total + 1 };
  });
  return { ...data, pages };
}
