import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfileResponseSchema, type Profile } from '@nocturne/contract/users/get-profile';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/profile`: the caller's profile with their spec §3 stats. */
export function getProfile(options: { signal?: AbortSignal } = {}): Promise<Profile> {
  return request({ path: '/profile', signal: options.signal, schema: getProfileResponseSchema });
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => getProfile({ signal }),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
