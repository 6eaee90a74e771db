import type { QueryClient } from '@tanstack/react-query';
import { favoritesInfiniteQueryOptions } from '../../../features/gallery/api/get-favorites';
import {
  DEFAULT_GALLERY_FILTERS,
  toFavoritesQuery,
} from '../../../features/gallery/utils/gallery-filters';
import { imageEngineQueryOptions } from '../../../features/generations/api/get-image-engine';
import { preferencesQueryOptions } from '../../../features/profile/api/get-preferences';
import { activeSubscriptionQueryOptions } from '../../../features/subscriptions/api/get-active-subscription';
import { tokenManager } from '../../../lib/auth-token';

/**
 * The dashboard's data, asked for as soon as the API token is there rather than once the page has
 * rendered, so its largest paint does not wait for the gallery behind session, chunks and a
 * render. Same query options as the page, so the page finds them in the cache. The shell's
 * active-subscription check is among them: the shell shows no page until it has answered.
 */
export async function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  const token = await tokenManager.getToken().catch(() => null);
  // Signed out: the protected route sends the visitor to /login; nothing to load.
  if (!token) return;
  await Promise.all([
    queryClient.prefetchInfiniteQuery(
      favoritesInfiniteQueryOptions(toFavoritesQuery(DEFAULT_GALLERY_FILTERS)),
    ),
    queryClient.prefetchQuery(imageEngineQueryOptions),
    queryClient.prefetchQuery(preferencesQueryOptions),
    queryClient.prefetchQuery(activeSubscriptionQueryOptions),
  ]);
}
