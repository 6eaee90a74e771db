import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  preferencesSchema,
  updatePreferencesBodySchema,
  type Preferences,
  type UpdatePreferencesBody,
} from '@nocturne/contract/users/preferences';
import { request } from '../../../lib/api-client';
import { PREFERENCES_QUERY_KEY } from './get-preferences';

/** `PUT /api/v1/user/preferences`: the fields sent are merged; the answer is the whole. */
export function updatePreferences(change: UpdatePreferencesBody): Promise<Preferences> {
  return request({
    method: 'PUT',
    path: '/user/preferences',
    body: { schema: updatePreferencesBodySchema, value: change },
    schema: preferencesSchema,
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, preferences),
  });
}
