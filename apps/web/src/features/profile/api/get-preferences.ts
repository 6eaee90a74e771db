import { queryOptions, useQuery } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '@nocturne/contract/users/preferences';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/user/preferences` (the server answers the defaults until some are saved). */
export function getPreferences(options: { signal?: AbortSignal } = {}): Promise<Preferences> {
  return request({
    path: '/user/preferences',
    signal: options.signal,
    schema: preferencesSchema,
  });
}

export const PREFERENCES_QUERY_KEY = ['user', 'preferences'] as const;

export const preferencesQueryOptions = queryOptions({
  queryKey: PREFERENCES_QUERY_KEY,
  queryFn: ({ signal }) => getPreferences({ signal }),
  staleTime: 5 * 60_000,
});

/**
 * The caller's preferences, for any page: `data` stays undefined while loading or on failure, so
 * readers fall back to DEFAULT_PREFERENCES (blurThumbnails for image lists, showDailyPromo for
 * the promo modal).
 */
export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}
