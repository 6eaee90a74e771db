import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getProfileResponseSchema, type Profile } from '@nocturne/contract/users/get-profile';
import {
  updateProfileBodySchema,
  type UpdateProfileBody,
} from '@nocturne/contract/users/update-profile';
import { request } from '../../../lib/api-client';
import { PROFILE_QUERY_KEY } from './get-profile';

/** `PUT /api/v1/profile`. Not retried: a 409 (username taken) or 422 is the final answer. */
export function updateProfile(change: UpdateProfileBody): Promise<Profile> {
  return request({
    method: 'PUT',
    path: '/profile',
    body: { schema: updateProfileBodySchema, value: change },
    retry: false,
    schema: getProfileResponseSchema,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The header shows the name from the better-auth session, cached under ['auth', …].
      void queryClient.invalidateQueries({ queryKey: ['auth'] });
    },
  });
}
