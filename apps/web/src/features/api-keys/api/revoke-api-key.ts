import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeApiKeyResponseSchema } from '@nocturne/contract/api-keys/find-api-keys';
import { request } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** `DELETE /api/v1/api-keys/{id}`: every request with the key is refused from now on. */
export async function revokeApiKey(id: string): Promise<void> {
  await request({
    method: 'DELETE',
    path: `/api-keys/${encodeURIComponent(id)}`,
    retry: false,
    schema: revokeApiKeyResponseSchema,
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
