import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWildcardResponseSchema } from '@nocturne/contract/wildcards/person-wildcards';
import { wildcardResponseSchema } from '@nocturne/contract/wildcards/person-wildcards';
import {
  putSharedWildcardRequestSchema,
  sharedWildcardsResponseSchema,
} from '@nocturne/contract/wildcards/shared-wildcards';
import { request } from '../../../lib/api-client';

const SHARED_KEY = ['admin', 'wildcards'] as const;

/** `GET /api/v1/admin/wildcards`: the shared lists (operators only). */
export const sharedWildcardsQueryOptions = queryOptions({
  queryKey: SHARED_KEY,
  queryFn: ({ signal }) =>
    request({ path: '/admin/wildcards', signal, schema: sharedWildcardsResponseSchema }),
});

/** `PUT /api/v1/admin/wildcards/{name}`: creates the shared list or replaces its lines. */
function putSharedWildcard({ name, values }: { name: string; values: string[] }) {
  return request({
    method: 'PUT',
    path: `/admin/wildcards/${encodeURIComponent(name)}`,
    body: { schema: putSharedWildcardRequestSchema, value: { values } },
    retry: false,
    schema: wildcardResponseSchema,
  });
}

/** `DELETE /api/v1/admin/wildcards/{name}`. */
function deleteSharedWildcard(name: string) {
  return request({
    method: 'DELETE',
    path: `/admin/wildcards/${encodeURIComponent(name)}`,
    retry: false,
    schema: deleteWildcardResponseSchema,
  });
}

export function usePutSharedWildcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSharedWildcard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARED_KEY }),
  });
}

export function useDeleteSharedWildcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSharedWildcard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARED_KEY }),
  });
}
