import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWildcardResponseSchema } from '@nocturne/contract/wildcards/person-wildcards';
import { request } from '../../../lib/api-client';
import { wildcardsQueryKey } from './get-wildcards';

/** `DELETE /api/v1/wildcards/{name}`. */
export async function deleteWildcard(name: string): Promise<void> {
  await request({
    method: 'DELETE',
    path: `/wildcards/${encodeURIComponent(name)}`,
    retry: false,
    schema: deleteWildcardResponseSchema,
  });
}

export function useDeleteWildcard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWildcard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wildcardsQueryKey }),
  });
}
